/** What the node knows of layer 1: its latest block and the gas price there (rollup_getInfo ethContext, rollup_gasPrices). */
export interface L1Head {
  number: number
  timestamp: number
  gasPrice: bigint
}
