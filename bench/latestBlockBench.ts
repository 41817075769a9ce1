import { isBlockObject, resultCheck } from './answerCheck.js'
import type { Benchmark } from './benchmark.js'
import { formatNumber } from './formatNumber.js'
import { interleavedRounds } from './interleavedRounds.js'
import { LoopContender } from './loopContender.js'
import { median } from './percentile.js'
import { roundsFigure } from './roundsFigure.js'
import { UndiciLoad } from './undiciLoad.js'

const TARGET_RATIO = 1
const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] })

/**
 * Issue 3: `eth_getBlockByNumber("latest", false)` requests per second, the reference against Anvil
 * through the same load generator at each concurrency; target (issue 15): the reference at least Anvil's figure.
 */
export const latestBlockBench: Benchmark = {
  name: 'reference-latest',
  title: 'eth_getBlockByNumber("latest", false) req/s, reference vs Anvil',
  async run({ settings, targets, print, summary }) {
    const [reference, anvil] = await Promise.all([targets.reference(), targets.anvil()])
    const check = resultCheck(isBlockObject, 'a block')
    for (const concurrency of settings.concurrencies) {
      const loads = [new UndiciLoad(reference.rpc, concurrency), new UndiciLoad(anvil.rpc, concurrency)] as const
      try {
        const contenders = loads.map(
          (load, index) => new LoopContender(index === 0 ? 'reference' : 'anvil', () => load.run({ body: () => BODY, check, durationMs: settings.roundMs })),
        )
        const figures = await interleavedRounds(contenders, { rounds: settings.rounds })
        const ours = figures.get('reference') ?? []
        const theirs = figures.get('anvil') ?? []
        const ratio = median(ours) / median(theirs)
        print(
          `reference eth_getBlockByNumber(latest) c=${concurrency}: ${roundsFigure(ours, 'req/s')} | anvil ${roundsFigure(theirs, 'req/s')} | ratio ${formatNumber(ratio, 2)} (target >= ${TARGET_RATIO.toFixed(2)})` +
            contenders.map((contender) => contender.errorNote()).join(''),
        )
        print(`  answer size: reference ${formatNumber(contenders[0]?.bytesPerOperation ?? 0)} B, anvil ${formatNumber(contenders[1]?.bytesPerOperation ?? 0)} B`)
        summary.push({
          benchmark: `latest block req/s, c=${concurrency}`,
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
