import { defineSuite } from '../harness/run/registry.js'
import type { RollupInfo } from '../harness/requirements/INFO-SHAPE.js'
import { checkIndexWithinChain, checkVerifiedNotAhead } from '../harness/requirements/INFO-PROGRESS.js'
import type { GasPrices } from '../harness/requirements/GAS-SHAPE.js'
import { checkGasPriceAgrees } from '../harness/requirements/GAS-CONSISTENT.js'
import { callValidated } from '../harness/scenarios/callValidated.js'
import { NEWEST_LOOKBACK, newestBlockWithTransactions } from '../harness/scenarios/newestBlockWithTransactions.js'
import { whenDescribed } from './support/whenDescribed.js'

export default defineSuite('rollup', (declare, scope) => {
  // A spec that does not describe a method declares none of the checks that call it.
  const info = whenDescribed(declare, scope, ['rollup_getInfo'])
  const gas = whenDescribed(declare, scope, ['rollup_gasPrices', 'eth_gasPrice'])

  // rollup_getInfo
  info(
    { id: 'info.shape', requirement: 'INFO-SHAPE', title: 'mode "sequencer"/"verifier", syncing a boolean, the five counters plain JSON integers' },
    {},
    async (probe, context) => probe.add((await callValidated(context, 'rollup_getInfo')).findings),
  )

  // rollup_getInfo and the chain it describes
  info(
    {
      id: 'info.chain-consistent',
      requirement: 'INFO-PROGRESS',
      title: 'rollupContext.verifiedIndex is not past index, and index is not past the newest transaction the chain holds',
    },
    {},
    async (probe, context) => {
      const { exchange, value, findings } = await callValidated(context, 'rollup_getInfo')
      if (findings.length > 0) return probe.inconclusive('rollup_getInfo does not answer the shape INFO-SHAPE requires', exchange)
      const sample = { exchange, info: value as RollupInfo }
      probe.add(checkVerifiedNotAhead(sample))
      // Read the chain after the counters: it only grows, so its newest transaction is at least as new as theirs.
      const { head, block } = await newestBlockWithTransactions(context)
      if (head === null) return probe.inconclusive('eth_blockNumber did not answer a block number')
      const judged = checkIndexWithinChain(sample, head, block, NEWEST_LOOKBACK)
      probe.add(judged.findings)
      if (judged.newest !== undefined) probe.note(`rollupContext.index ${sample.info.rollupContext.index}, newest transaction index ${judged.newest}`)
    },
  )

  // rollup_gasPrices
  whenDescribed(declare, scope, ['rollup_gasPrices'])(
    { id: 'gas.shape', requirement: 'GAS-SHAPE', title: 'l1GasPrice and l2GasPrice are hex quantities' },
    {},
    async (probe, context) => probe.add((await callValidated(context, 'rollup_gasPrices')).findings),
  )
  gas({ id: 'gas.consistent', requirement: 'GAS-CONSISTENT', title: 'eth_gasPrice agrees with l2GasPrice' }, {}, async (probe, context) => {
    // gasPrices, gasPrice, gasPrices: when the two l2GasPrice readings differ, the price moved under the check.
    const first = await callValidated(context, 'rollup_gasPrices')
    const gasPrice = await context.http!.call('eth_gasPrice', [])
    const second = await callValidated(context, 'rollup_gasPrices')
    if (first.findings.length > 0 || second.findings.length > 0) return probe.inconclusive('rollup_gasPrices does not answer the shape GAS-SHAPE requires')
    probe.add(checkGasPriceAgrees(first.value as GasPrices, gasPrice, second.value as GasPrices))
  })
})
