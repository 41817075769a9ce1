import { describe } from 'vitest'
import { checkEnvelope } from '../harness/checks/envelopeFindings.js'
import { boundedText } from '../harness/checks/boundedJson.js'
import { checkResult } from '../harness/checks/outcomeFindings.js'
import { check } from '../harness/run/check.js'
import type { RunContext } from '../harness/run/runContext.js'
import type { Exchange } from '../harness/transport/exchange.js'
import { NEWEST_LOOKBACK, newestBlockWithTransactions } from './support/newestBlockWithTransactions.js'

const idOf = (exchange: Exchange): unknown => (exchange.request as { id?: unknown }).id

/** Calls a rollup method and validates its result against the method's result schema in openrpc.json. */
async function callValidated(context: RunContext, name: string): Promise<{ exchange: Exchange; value: unknown; findings: ReturnType<typeof checkResult>['findings'] }> {
  const method = context.openrpc.method(name)
  if (method === undefined) throw new Error(`openrpc.json does not describe ${name}`)
  const exchange = await context.http!.call(name, [])
  const { findings, value } = checkResult(exchange, method.result.validate, name)
  return { exchange, value, findings: [...checkEnvelope(exchange, idOf(exchange)), ...findings] }
}

interface RollupInfo {
  ethContext: { blockNumber: number; timestamp: number }
  rollupContext: { index: number; queueIndex: number; verifiedIndex: number }
}

const COUNTERS = [
  ['ethContext', 'blockNumber'], ['ethContext', 'timestamp'],
  ['rollupContext', 'index'], ['rollupContext', 'queueIndex'], ['rollupContext', 'verifiedIndex'],
] as const

describe('rollup_getInfo', () => {
  check(
    { id: 'info.shape', requirement: 'INFO-SHAPE', title: 'mode "sequencer"/"verifier", syncing a boolean, the five counters plain JSON integers' },
    {},
    async (probe, context) => probe.add((await callValidated(context, 'rollup_getInfo')).findings),
  )
  check(
    { id: 'info.progress', requirement: 'INFO-PROGRESS', title: 'counters never go backwards between calls; ethContext tracks a recent layer-1 head' },
    {},
    async (probe, context) => {
      const samples: Array<{ exchange: Exchange; info: RollupInfo }> = []
      for (let i = 0; i < 3; i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 750))
        const { exchange, value, findings } = await callValidated(context, 'rollup_getInfo')
        if (findings.length > 0) return probe.inconclusive('rollup_getInfo does not answer the shape INFO-SHAPE requires')
        samples.push({ exchange, info: value as RollupInfo })
      }
      for (let i = 1; i < samples.length; i++) {
        const [earlier, later] = [samples[i - 1]!, samples[i]!]
        for (const [group, field] of COUNTERS) {
          const a = (earlier.info[group] as Record<string, number>)[field]!
          const b = (later.info[group] as Record<string, number>)[field]!
          if (b < a) probe.fail(`${group}.${field} went backwards between calls: ${a} then ${b}`, later.exchange, `/result/${group}/${field}`)
        }
      }
      const last = samples.at(-1)!
      const { blockNumber, timestamp } = last.info.ethContext
      const ageSeconds = Date.now() / 1000 - timestamp
      if (blockNumber === 0 || timestamp === 0) probe.fail('ethContext is all zeros: the node tracks no layer-1 head', last.exchange, '/result/ethContext')
      else if (ageSeconds > 3600) probe.fail(`ethContext.timestamp is ${Math.round(ageSeconds / 60)} minutes old: the layer-1 head it tracks is stale`, last.exchange, '/result/ethContext/timestamp')
      else if (ageSeconds < -300) probe.fail(`ethContext.timestamp is ${Math.round(-ageSeconds)} s in the future`, last.exchange, '/result/ethContext/timestamp')
      probe.note(`layer-1 head ${blockNumber}, ${Math.max(0, Math.round(ageSeconds))} s old`)
    },
  )
})

describe('rollup_getInfo and the chain it describes', () => {
  check(
    { id: 'info.chain-consistent', requirement: 'INFO-PROGRESS', title: 'rollupContext.verifiedIndex is not past index, and index is not past the newest transaction the chain holds' },
    {},
    async (probe, context) => {
      const { exchange, value, findings } = await callValidated(context, 'rollup_getInfo')
      if (findings.length > 0) return probe.inconclusive('rollup_getInfo does not answer the shape INFO-SHAPE requires')
      const { index, verifiedIndex } = (value as RollupInfo).rollupContext
      // A batch posted to layer 1 holds transactions already processed: it cannot verify past the last one.
      if (verifiedIndex > index) probe.fail(`rollupContext.verifiedIndex ${verifiedIndex} is past index ${index}: a batch cannot hold a transaction not yet processed`, exchange, '/result/rollupContext/verifiedIndex')
      // Read the chain after the counters: it only grows, so its newest transaction is at least as new as theirs.
      const { head, block } = await newestBlockWithTransactions(context)
      if (head === null) return probe.inconclusive('eth_blockNumber did not answer a block number')
      if (block === null) {
        if (head <= NEWEST_LOOKBACK && index > 0) probe.fail(`rollupContext.index is ${index}, but the chain (${head + 1} blocks, all read) holds no transaction`, exchange, '/result/rollupContext/index')
        else probe.inconclusive('no block near the head holds a transaction to compare index with')
        return
      }
      // The layer-2 `index` of a transaction is its place in the canonical transaction chain, as rollupContext.index is.
      const indexes = (block.transactions as Array<Record<string, unknown>>).map((tx) => tx.index).filter((i): i is string => typeof i === 'string' && /^0x[0-9a-f]{1,15}$/i.test(i)).map((i) => Number(BigInt(i)))
      if (indexes.length === 0) return probe.inconclusive(`the transactions of block ${boundedText(block.number, 40)} carry no layer-2 index to compare rollupContext.index with`)
      const newest = Math.max(...indexes)
      if (index > newest) probe.fail(`rollupContext.index is ${index}, past the newest transaction the chain holds (index ${newest}, in block ${boundedText(block.number, 40)})`, exchange, '/result/rollupContext/index')
      probe.note(`rollupContext.index ${index}, newest transaction index ${newest}`)
    },
  )
})

describe('rollup_gasPrices', () => {
  check(
    { id: 'gas.shape', requirement: 'GAS-SHAPE', title: 'l1GasPrice and l2GasPrice are hex quantities' },
    {},
    async (probe, context) => probe.add((await callValidated(context, 'rollup_gasPrices')).findings),
  )
  check(
    { id: 'gas.consistent', requirement: 'GAS-CONSISTENT', title: 'eth_gasPrice agrees with l2GasPrice' },
    {},
    async (probe, context) => {
      // gasPrices, gasPrice, gasPrices: when the two l2GasPrice readings differ, the price moved under the check.
      const first = await callValidated(context, 'rollup_gasPrices')
      const gasPrice = await context.http!.call('eth_gasPrice', [])
      const second = await callValidated(context, 'rollup_gasPrices')
      if (first.findings.length > 0 || second.findings.length > 0) return probe.inconclusive('rollup_gasPrices does not answer the shape GAS-SHAPE requires')
      const l2 = (first.value as { l2GasPrice: string }).l2GasPrice
      if (l2 !== (second.value as { l2GasPrice: string }).l2GasPrice) return probe.inconclusive('l2GasPrice changed during the check')
      const answered = (gasPrice.response as { result?: unknown } | undefined)?.result
      const isQuantity = typeof answered === 'string' && /^0x[0-9a-fA-F]+$/.test(answered)
      if (!isQuantity || BigInt(answered) !== BigInt(l2)) probe.fail(`eth_gasPrice answered ${JSON.stringify(answered)}, rollup_gasPrices.l2GasPrice is ${l2}`, gasPrice)
    },
  )
})
