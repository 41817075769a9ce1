import { batchCheck, isBlockObject, resultCheck } from './answerCheck.js'
import type { Benchmark } from './benchmark.js'
import { formatNumber } from './formatNumber.js'
import { interleavedRounds } from './interleavedRounds.js'
import { LoopContender } from './loopContender.js'
import { median } from './percentile.js'
import { roundsFigure } from './roundsFigure.js'
import { UndiciLoad } from './undiciLoad.js'

const RANGE = 100
const TARGET_RATIO = 1.5

const hex = (value: number): string => `0x${value.toString(16)}`

/** The first block of each window of RANGE blocks in [1, history], visited in turn. */
function windowStarts(history: number): number[] {
  const starts: number[] = []
  for (let start = 1; start + RANGE - 1 <= history; start += RANGE) starts.push(start)
  return starts
}

/**
 * Blocks per second of `eth_getBlockRange` over 100 blocks (hashes only) on the reference,
 * against Anvil answering a JSON-RPC batch of 100 `eth_getBlockByNumber` calls for the same numbers;
 * both walk the same windows of their history in turn. The goal: the reference at least 1.5 times
 * Anvil's figure.
 */
export const blockRangeBench: Benchmark = {
  name: 'reference-range100',
  title: 'eth_getBlockRange(100 blocks) vs a batch of 100 eth_getBlockByNumber on Anvil, blocks/s',
  async run({ settings, targets, print, summary }) {
    const [reference, anvil] = await Promise.all([targets.reference(), targets.anvil()])
    const starts = windowStarts(targets.history)
    const rangeBodies = starts.map((start) =>
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockRange', params: [hex(start), hex(start + RANGE - 1), false] }),
    )
    const batchBodies = starts.map((start) =>
      JSON.stringify(
        Array.from({ length: RANGE }, (_, offset) => ({ jsonrpc: '2.0', id: offset, method: 'eth_getBlockByNumber', params: [hex(start + offset), false] })),
      ),
    )
    const rangeCheck = resultCheck((result) => Array.isArray(result) && result.length === RANGE && result.every(isBlockObject), `${RANGE} blocks`)
    const anvilCheck = batchCheck(RANGE, isBlockObject, 'a block')
    for (const concurrency of settings.concurrencies) {
      const loads = [new UndiciLoad(reference.rpc, concurrency), new UndiciLoad(anvil.rpc, concurrency)] as const
      try {
        const contenders = [
          new LoopContender(
            'reference',
            () => loads[0].run({ body: (n) => rangeBodies[n % rangeBodies.length] as string, check: rangeCheck, durationMs: settings.roundMs }),
            RANGE,
          ),
          new LoopContender(
            'anvil',
            () => loads[1].run({ body: (n) => batchBodies[n % batchBodies.length] as string, check: anvilCheck, durationMs: settings.roundMs }),
            RANGE,
          ),
        ]
        const figures = await interleavedRounds(contenders, { rounds: settings.rounds })
        const ours = figures.get('reference') ?? []
        const theirs = figures.get('anvil') ?? []
        const ratio = median(ours) / median(theirs)
        print(
          `reference eth_getBlockRange(${RANGE}) c=${concurrency}: ${roundsFigure(ours, 'blocks/s')} | anvil batch of ${RANGE} eth_getBlockByNumber ${roundsFigure(theirs, 'blocks/s')} | ratio ${formatNumber(ratio, 2)} (target >= ${TARGET_RATIO.toFixed(2)})` +
            contenders.map((contender) => contender.errorNote()).join(''),
        )
        print(
          `  answer size per ${RANGE} blocks: reference ${formatNumber(contenders[0]?.bytesPerOperation ?? 0)} B, anvil ${formatNumber(contenders[1]?.bytesPerOperation ?? 0)} B`,
        )
        summary.push({
          benchmark: `range of ${RANGE} blocks/s, c=${concurrency}`,
          figure: `${formatNumber(median(ours))} vs ${formatNumber(median(theirs))}, ratio ${formatNumber(ratio, 2)}`,
          target: `ratio >= ${TARGET_RATIO.toFixed(2)}`,
          met: ratio >= TARGET_RATIO && contenders.every((contender) => contender.errors === 0),
        })
      } finally {
        await Promise.all(loads.map((load) => load.close()))
      }
    }
  },
}
