import { HttpTransport } from '../harness/transport/httpTransport.js'
import type { Benchmark } from './benchmark.js'
import { closedLoop } from './closedLoop.js'
import { exchangeProblem } from './exchangeProblem.js'
import { formatNumber } from './formatNumber.js'
import { interleavedRounds } from './interleavedRounds.js'
import { LoopContender } from './loopContender.js'
import { median } from './percentile.js'
import { roundsFigure } from './roundsFigure.js'
import { TRANSPORT_CONCURRENCY, TRANSPORT_METHOD, quantityCheck, transportOptions } from './transportSetup.js'
import { UndiciLoad } from './undiciLoad.js'

const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: TRANSPORT_METHOD, params: [] })

/**
 * Issue 4: the harness's own overhead over HTTP: requests per second through `HttpTransport.call`
 * behind a RequestGate of 8, against a bare undici loop (8 connections, every answer parsed) calling
 * the same method on the same endpoint, in interleaved rounds; against the reference and Anvil.
 */
export const httpTransportBench: Benchmark = {
  name: 'transport-http',
  title: `harness overhead: HttpTransport.call behind RequestGate(${TRANSPORT_CONCURRENCY}) vs a bare undici loop, req/s`,
  async run({ settings, targets, print, summary }) {
    const [reference, anvil] = await Promise.all([targets.reference(), targets.anvil()])
    for (const [targetName, url] of [['reference', reference.rpc], ['anvil', anvil.rpc]] as const) {
      const bare = new UndiciLoad(url, TRANSPORT_CONCURRENCY)
      const transport = new HttpTransport(url, transportOptions())
      try {
        const contenders = [
          new LoopContender('bare', () => bare.run({ body: () => BODY, check: quantityCheck, durationMs: settings.roundMs, parseEvery: true })),
          new LoopContender('harness', () =>
            closedLoop(TRANSPORT_CONCURRENCY, settings.roundMs, async () => exchangeProblem(await transport.call(TRANSPORT_METHOD), quantityCheck)),
          ),
        ]
        const figures = await interleavedRounds(contenders, { rounds: settings.rounds })
        const harness = figures.get('harness') ?? []
        const bareFigures = figures.get('bare') ?? []
        const ratio = median(harness) / median(bareFigures)
        print(
          `transport HttpTransport.call -> ${targetName} ${TRANSPORT_METHOD} c=${TRANSPORT_CONCURRENCY}: ${roundsFigure(harness, 'req/s')} | bare undici loop ${roundsFigure(bareFigures, 'req/s')} | ratio ${formatNumber(ratio, 2)} (harness/bare)` +
            contenders.map((contender) => contender.errorNote()).join(''),
        )
        summary.push({
          benchmark: `HttpTransport vs bare undici -> ${targetName}`,
          figure: `${formatNumber(median(harness))} vs ${formatNumber(median(bareFigures))} req/s, ratio ${formatNumber(ratio, 2)}`,
          target: '-',
          met: contenders.every((contender) => contender.errors === 0) ? undefined : false,
        })
      } finally {
        await Promise.all([bare.close(), transport.close()])
      }
    }
  },
}
