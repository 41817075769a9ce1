import { requirement } from './requirement.js'

/** GAS-CONSISTENT: eth_gasPrice agrees with l2GasPrice. */
export const row = requirement({
  id: 'GAS-CONSISTENT',
  level: 'SHOULD',
  text: 'eth_gasPrice agrees with l2GasPrice',
  section: '2.3',
})
