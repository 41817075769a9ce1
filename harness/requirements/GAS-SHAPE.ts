import { requirement } from './requirement.js'
import type { CheckDefinition } from '../run/registry.js'
import { callValidated } from '../scenarios/callValidated.js'

/** GAS-SHAPE: rollup_gasPrices answers the object of section 2.3. */
export const row = requirement({
  id: 'GAS-SHAPE',
  level: 'MUST',
  text: 'rollup_gasPrices: l1GasPrice and l2GasPrice hex quantities',
  section: '2.3',
})

/** rollup_gasPrices's result as section 2.3 gives it (once valid against its schema). */
export interface GasPrices {
  l1GasPrice: string
  l2GasPrice: string
}

export { checkValidAnswer } from './RPC-STANDARD.js'

/** GAS-SHAPE's check: rollup_gasPrices answers the object of section 2.3 (a spec that does not describe it declares none). */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'gas.shape',
      title: 'l1GasPrice and l2GasPrice are hex quantities',
      calls: ['rollup_gasPrices'],
      run: async (probe, context) => probe.add((await callValidated(context, 'rollup_gasPrices')).findings),
    },
  ]
}
