import { batchCheck, isBlockObject, resultCheck } from './answerCheck.js'
import type { Benchmark } from './benchmark.js'
import { formatNumber } from './formatNumber.js'
import { interleavedRounds } from './interleavedRounds.js'
import { LoopContender } from './loopContender.js'
import { median, percentile } from './percentile.js'
import { UndiciLoad } from './undiciLoad.js'

const RANGE = 1000
/** The goal for the reference's median latency of this answer. */
const TARGET_MEDIAN_MS = 10

const hex = (value: number): string => `0x${value.toString(16)}`

function hasFullTransactions(block: unknown): boolean {
  if (!isBlockObject(block)) return false
  const transactions = (block as { transactions: unknown[] }).transactions
  return transactions.length > 0 && transactions.every((tx) => typeof tx === 'object' && tx !== null)
}

function latencyFigure(samples: readonly number[]): string {
  return `median ${formatNumber(median(samples), 1)} ms, p95 ${formatNumber(percentile(samples, 95), 1)} ms (${samples.length} requests)`
}

/**
 * Latency of `eth_getBlockRange` over 1000 blocks with full transactions on the reference
 * (blocks 1..1000 of its history, one transaction each), one request at a time; printed as the
 * median and p95 over all measured rounds. For context only (no target), Anvil answering a batch of
 * 1000 `eth_getBlockByNumber(n, true)` for its own 1000 one-transaction blocks, in interleaved rounds.
 */
export const fullRangeLatencyBench: Benchmark = {
  name: 'reference-range1000-fulltx',
  title: 'eth_getBlockRange(1000 blocks, full transactions) latency (context: Anvil batch of 1000)',
  async run({ settings, targets, print, summary }) {
    if (targets.history < RANGE) throw new Error(`needs a history of ${RANGE} blocks, the targets have ${targets.history}`)
    const [reference, anvil] = await Promise.all([targets.reference(), targets.anvil()])
    const rangeBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockRange', params: [hex(1), hex(RANGE), true] })
    const batchBody = JSON.stringify(
      Array.from({ length: RANGE }, (_, offset) => ({ jsonrpc: '2.0', id: offset, method: 'eth_getBlockByNumber', params: [hex(1 + offset), true] })),
    )
    const rangeCheck = resultCheck(
      (result) => Array.isArray(result) && result.length === RANGE && result.every(hasFullTransactions),
      `${RANGE} blocks with full transactions`,
    )
    const anvilCheck = batchCheck(RANGE, hasFullTransactions, 'a block with full transactions')
    const samples = { reference: [] as number[], anvil: [] as number[] }
    const loads = [new UndiciLoad(reference.rpc, 1), new UndiciLoad(anvil.rpc, 1)] as const
    try {
      // Every answer parsed and checked: the latency is that of a usable answer, measured to its last byte.
      const contenders = [
        new LoopContender('reference', (round) =>
          loads[0].run({
            body: () => rangeBody,
            check: rangeCheck,
            durationMs: settings.roundMs,
            parseEvery: true,
            ...(round.warmup ? {} : { latencies: samples.reference }),
          }),
        ),
        new LoopContender('anvil', (round) =>
          loads[1].run({
            body: () => batchBody,
            check: anvilCheck,
            durationMs: settings.roundMs,
            parseEvery: true,
            ...(round.warmup ? {} : { latencies: samples.anvil }),
          }),
        ),
      ]
      await interleavedRounds(contenders, { rounds: settings.rounds })
      print(
        `reference eth_getBlockRange(${RANGE}, full transactions) c=1: ${latencyFigure(samples.reference)}, answer ${formatNumber((contenders[0]?.bytesPerOperation ?? 0) / 1e6, 2)} MB | ` +
          `anvil batch of ${RANGE} eth_getBlockByNumber(n, true) (context): ${latencyFigure(samples.anvil)}, answer ${formatNumber((contenders[1]?.bytesPerOperation ?? 0) / 1e6, 2)} MB | ` +
          `ratio of medians (anvil/reference) ${formatNumber(median(samples.anvil) / median(samples.reference), 2)}` +
          contenders.map((contender) => contender.errorNote()).join(''),
      )
      summary.push({
        benchmark: `range of ${RANGE} full-tx latency, c=1`,
        figure: `median ${formatNumber(median(samples.reference), 1)} ms, p95 ${formatNumber(percentile(samples.reference, 95), 1)} ms (anvil batch ${formatNumber(median(samples.anvil), 1)} ms)`,
        target: `median <= ${TARGET_MEDIAN_MS} ms`,
        met: median(samples.reference) <= TARGET_MEDIAN_MS && contenders.every((contender) => contender.errors === 0),
      })
    } finally {
      await Promise.all(loads.map((load) => load.close()))
    }
  },
}
