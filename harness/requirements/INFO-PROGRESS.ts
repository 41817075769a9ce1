import { boundedText } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import type { Exchange } from '../transport/exchange.js'
import { COUNTERS, type RollupInfo } from './INFO-SHAPE.js'
import { requirement } from './requirement.js'
import type { CheckDefinition } from '../run/registry.js'
import { callValidated } from '../scenarios/callValidated.js'
import { NEWEST_LOOKBACK, newestBlockWithTransactions } from '../scenarios/newestBlockWithTransactions.js'

/** INFO-PROGRESS: rollup_getInfo's counters move forward and follow a live layer-1 head. */
export const row = requirement({
  id: 'INFO-PROGRESS',
  level: 'SHOULD',
  text: 'counters never go backwards between calls; ethContext tracks a real layer-1 head',
  section: '2.2',
})

/** How many times rollup_getInfo is read, and how long apart: long enough for a live chain to move. */
export const INFO_SAMPLES = 3
export const INFO_SPACING_MS = 750

/** The oldest a tracked layer-1 head may be: an hour covers a slow layer 1 and a batching delay, not a dead feed. */
export const MAX_L1_AGE_SECONDS = 3600
/** How far in the future a layer-1 timestamp may be: clock skew between the node, layer 1 and the harness. */
export const MAX_L1_FUTURE_SECONDS = 300

/** One reading of rollup_getInfo (valid against its schema) and the exchange that carried it. */
export interface InfoSample {
  exchange: Exchange
  info: RollupInfo
}

/**
 * A counter of a reading, or NaN when it is not a number: the judges below run on readings valid
 * against the schema, but stay total (never throw) on any value.
 */
function counter(info: unknown, group: string, field: string): number {
  const parent = info !== null && typeof info === 'object' ? (info as Record<string, unknown>)[group] : undefined
  const value = parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown>)[field] : undefined
  return typeof value === 'number' ? value : Number.NaN
}

/** No counter goes backwards from one reading to the next. */
export function checkCountersForward(samples: readonly InfoSample[]): Finding[] {
  const findings: Finding[] = []
  for (let i = 1; i < samples.length; i++) {
    const [earlier, later] = [samples[i - 1]!, samples[i]!]
    for (const [group, field] of COUNTERS) {
      const a = counter(earlier.info, group, field)
      const b = counter(later.info, group, field)
      if (b < a)
        findings.push({
          kind: 'wrong-value',
          message: `${group}.${field} went backwards between calls: ${a} then ${b}`,
          exchange: later.exchange,
          pointer: `/result/${group}/${field}`,
          expected: `>= ${a}`,
          got: b,
        })
    }
  }
  return findings
}

/** ethContext names a real, recent layer-1 head (`nowSeconds` is the harness's clock). */
export function checkLayerOneHead(sample: InfoSample, nowSeconds: number): Finding[] {
  const [blockNumber, timestamp] = [counter(sample.info, 'ethContext', 'blockNumber'), counter(sample.info, 'ethContext', 'timestamp')]
  const ageSeconds = nowSeconds - timestamp
  if (blockNumber === 0 || timestamp === 0)
    return [
      { kind: 'wrong-value', message: 'ethContext is all zeros: the node tracks no layer-1 head', exchange: sample.exchange, pointer: '/result/ethContext' },
    ]
  if (ageSeconds > MAX_L1_AGE_SECONDS)
    return [
      {
        kind: 'wrong-value',
        message: `ethContext.timestamp is ${Math.round(ageSeconds / 60)} minutes old: the layer-1 head it tracks is stale`,
        exchange: sample.exchange,
        pointer: '/result/ethContext/timestamp',
      },
    ]
  if (ageSeconds < -MAX_L1_FUTURE_SECONDS)
    return [
      {
        kind: 'wrong-value',
        message: `ethContext.timestamp is ${Math.round(-ageSeconds)} s in the future`,
        exchange: sample.exchange,
        pointer: '/result/ethContext/timestamp',
      },
    ]
  return []
}

/** A batch posted to layer 1 holds transactions already processed: verifiedIndex cannot be past index. */
export function checkVerifiedNotAhead(sample: InfoSample): Finding[] {
  const [index, verifiedIndex] = [counter(sample.info, 'rollupContext', 'index'), counter(sample.info, 'rollupContext', 'verifiedIndex')]
  if (!(verifiedIndex > index)) return []
  return [
    {
      kind: 'wrong-value',
      message: `rollupContext.verifiedIndex ${verifiedIndex} is past index ${index}: a batch cannot hold a transaction not yet processed`,
      exchange: sample.exchange,
      pointer: '/result/rollupContext/verifiedIndex',
    },
  ]
}

/** The layer-2 indexes (`index`, a quantity) the transactions of a block carry. */
export function transactionIndexes(block: Record<string, unknown>): number[] {
  const txs = Array.isArray(block.transactions) ? block.transactions : []
  return txs
    .map((tx) => (tx !== null && typeof tx === 'object' ? (tx as Record<string, unknown>).index : undefined))
    .filter((i): i is string => typeof i === 'string' && /^0x[0-9a-f]{1,15}$/i.test(i))
    .map((i) => Number(BigInt(i)))
}

/**
 * rollupContext.index is not past the newest transaction the chain holds (read after the counters,
 * so the chain is at least as new as they are). `block` is the newest block holding transactions
 * (null: none within the lookback), `head` the head then, `lookback` how far back was read.
 */
export function checkIndexWithinChain(
  sample: InfoSample,
  head: number,
  block: Record<string, unknown> | null,
  lookback: number,
): { findings: Finding[]; newest?: number } {
  const index = counter(sample.info, 'rollupContext', 'index')
  if (block === null) {
    if (head <= lookback && index > 0)
      return {
        findings: [
          {
            kind: 'wrong-value',
            message: `rollupContext.index is ${index}, but the chain (${head + 1} blocks, all read) holds no transaction`,
            exchange: sample.exchange,
            pointer: '/result/rollupContext/index',
          },
        ],
      }
    return { findings: [{ kind: 'inconclusive', message: 'no block near the head holds a transaction to compare index with' }] }
  }
  const indexes = transactionIndexes(block)
  if (indexes.length === 0)
    return {
      findings: [
        {
          kind: 'inconclusive',
          message: `the transactions of block ${boundedText(block.number, 40)} carry no layer-2 index to compare rollupContext.index with`,
        },
      ],
    }
  const newest = Math.max(...indexes)
  if (index > newest)
    return {
      findings: [
        {
          kind: 'wrong-value',
          message: `rollupContext.index is ${index}, past the newest transaction the chain holds (index ${newest}, in block ${boundedText(block.number, 40)})`,
          exchange: sample.exchange,
          pointer: '/result/rollupContext/index',
        },
      ],
      newest,
    }
  return { findings: [], newest }
}

/** INFO-PROGRESS's checks: rollup_getInfo and the chain it describes, and its counters between spaced calls. */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'info.chain-consistent',
      title: 'rollupContext.verifiedIndex is not past index, and index is not past the newest transaction the chain holds',
      calls: ['rollup_getInfo'],
      run: async (probe, context) => {
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
    },
    {
      id: 'info.progress',
      title: 'counters never go backwards between calls; ethContext tracks a recent layer-1 head',
      calls: ['rollup_getInfo'],
      run: async (probe, context) => {
        const samples: InfoSample[] = []
        for (let i = 0; i < INFO_SAMPLES; i++) {
          if (i > 0) await new Promise((resolve) => setTimeout(resolve, INFO_SPACING_MS))
          const { exchange, value, findings } = await callValidated(context, 'rollup_getInfo')
          if (findings.length > 0) return probe.inconclusive('rollup_getInfo does not answer the shape INFO-SHAPE requires', exchange)
          samples.push({ exchange, info: value as RollupInfo })
        }
        probe.add(checkCountersForward(samples))
        const last = samples.at(-1)!
        const nowSeconds = Date.now() / 1000
        probe.add(checkLayerOneHead(last, nowSeconds))
        probe.note(`layer-1 head ${last.info.ethContext.blockNumber}, ${Math.max(0, Math.round(nowSeconds - last.info.ethContext.timestamp))} s old`)
      },
      // Mostly spacing between calls: under `l2conf run` it waits in the background beside the other
      // checks, holding rollup_getInfo so that its samples are consecutive answers of the target (a
      // target whose replicas alternate per request shows its step back to this check whatever else runs).
      waits: true,
      holds: ['rollup_getInfo'],
    },
  ]
}
