import { requirement } from './requirement.js'

/** GAS-SHAPE: rollup_gasPrices: l1GasPrice and l2GasPrice hex quantities. */
export const row = requirement({
  id: 'GAS-SHAPE',
  level: 'MUST',
  text: 'rollup_gasPrices: l1GasPrice and l2GasPrice hex quantities',
  section: '2.3',
})
