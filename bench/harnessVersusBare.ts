import type { BenchContext } from './benchmark.js'
import { closedLoop, type LoopResult } from './closedLoop.js'
import { formatNumber } from './formatNumber.js'
import { interleavedRounds } from './interleavedRounds.js'
import { LoopContender } from './loopContender.js'
import { median } from './percentile.js'
import { roundsFigure } from './roundsFigure.js'
import { TRANSPORT_CONCURRENCY, TRANSPORT_METHOD } from './transportSetup.js'

/**
 * The harness's overhead figure for one transport and one target: the harness's call and a bare client's
 * loop in interleaved rounds, printed with their ratio and added to the summary.
 */
export async function harnessVersusBare(
  context: Pick<BenchContext, 'settings' | 'print' | 'summary'>,
  what: { transport: string; bareName: string; targetName: string },
  bareLoop: () => Promise<LoopResult>,
  harnessCall: () => Promise<string | undefined>,
): Promise<void> {
  const { settings, print, summary } = context
  const contenders = [new LoopContender('bare', bareLoop), new LoopContender('harness', () => closedLoop(TRANSPORT_CONCURRENCY, settings.roundMs, harnessCall))]
  const figures = await interleavedRounds(contenders, { rounds: settings.rounds })
  const harness = figures.get('harness') ?? []
  const bare = figures.get('bare') ?? []
  const ratio = median(harness) / median(bare)
  print(
    `transport ${what.transport}.call -> ${what.targetName} ${TRANSPORT_METHOD} c=${TRANSPORT_CONCURRENCY}: ${roundsFigure(harness, 'req/s')} | ${what.bareName} ${roundsFigure(bare, 'req/s')} | ratio ${formatNumber(ratio, 2)} (harness/bare)` +
      contenders.map((contender) => contender.errorNote()).join(''),
  )
  summary.push({
    benchmark: `${what.transport} vs ${what.bareName} -> ${what.targetName}`,
    figure: `${formatNumber(median(harness))} vs ${formatNumber(median(bare))} req/s, ratio ${formatNumber(ratio, 2)}`,
    target: '-',
    met: contenders.every((contender) => contender.errors === 0) ? undefined : false,
  })
}
