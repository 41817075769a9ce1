import { boundedJson } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Exchange } from '../transport/exchange.js'
import type { GasPrices } from './GAS-SHAPE.js'
import { requirement } from './requirement.js'
import type { CheckDefinition } from '../run/registry.js'
import { callValidated } from '../scenarios/callValidated.js'

/** GAS-CONSISTENT: the standard gas price is the layer-2 price rollup_gasPrices reports. */
export const row = requirement({
  id: 'GAS-CONSISTENT',
  level: 'SHOULD',
  text: 'eth_gasPrice agrees with l2GasPrice',
  section: '2.3',
})

/**
 * eth_gasPrice, read between two rollup_gasPrices readings, equals their l2GasPrice (as numbers).
 * When the two readings differ the price moved under the check: inconclusive, not a failure.
 */
export function checkGasPriceAgrees(first: GasPrices, gasPrice: Exchange, second: GasPrices): Finding[] {
  const l2 = first.l2GasPrice
  if (l2 !== second.l2GasPrice) return [{ kind: 'inconclusive', message: 'l2GasPrice changed during the check' }]
  const outcome = outcomeOf(gasPrice)
  const answered = outcome.kind === 'result' ? outcome.value : undefined
  const isQuantity = typeof answered === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(answered)
  if (isQuantity && /^0x[0-9a-fA-F]{1,64}$/.test(l2) && BigInt(answered) === BigInt(l2)) return []
  return [
    {
      kind: 'inconsistent',
      message: `eth_gasPrice answered ${boundedJson(answered, 80)}, rollup_gasPrices.l2GasPrice is ${l2}`,
      exchange: gasPrice,
      pointer: '/result',
      expected: l2,
      got: answered,
    },
  ]
}

/** GAS-CONSISTENT's check: the two prices read around each other. */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'gas.consistent',
      title: 'eth_gasPrice agrees with l2GasPrice',
      calls: ['rollup_gasPrices', 'eth_gasPrice'],
      run: async (probe, context) => {
        // gasPrices, gasPrice, gasPrices: when the two l2GasPrice readings differ, the price moved under the check.
        const first = await callValidated(context, 'rollup_gasPrices')
        const gasPrice = await context.http!.call('eth_gasPrice', [])
        const second = await callValidated(context, 'rollup_gasPrices')
        if (first.findings.length > 0 || second.findings.length > 0) return probe.inconclusive('rollup_gasPrices does not answer the shape GAS-SHAPE requires')
        probe.add(checkGasPriceAgrees(first.value as GasPrices, gasPrice, second.value as GasPrices))
      },
    },
  ]
}
