import { WsTransport } from '../harness/transport/wsTransport.js'
import { BareWsClient } from './bareWsClient.js'
import type { Benchmark } from './benchmark.js'
import { closedLoop } from './closedLoop.js'
import { exchangeProblem } from './exchangeProblem.js'
import { formatNumber } from './formatNumber.js'
import { interleavedRounds } from './interleavedRounds.js'
import { LoopContender } from './loopContender.js'
import { median } from './percentile.js'
import { roundsFigure } from './roundsFigure.js'
import { TRANSPORT_CONCURRENCY, TRANSPORT_METHOD, quantityCheck, transportOptions } from './transportSetup.js'

/**
 * Issue 4: the harness's own overhead over WebSocket: requests per second through `WsTransport.call`
 * (one connection, behind a RequestGate of 8) against a bare `ws` client (one connection, 8 requests
 * in flight, answers parsed and matched by id) calling the same method on the same endpoint, in
 * interleaved rounds; against the reference and Anvil.
 */
export const wsTransportBench: Benchmark = {
  name: 'transport-ws',
  title: `harness overhead: WsTransport.call behind RequestGate(${TRANSPORT_CONCURRENCY}) vs a bare ws client, req/s`,
  async run({ settings, targets, print, summary }) {
    const [reference, anvil] = await Promise.all([targets.reference(), targets.anvil()])
    for (const [targetName, url] of [['reference', reference.ws], ['anvil', anvil.ws]] as const) {
      const bare = await BareWsClient.connect(url)
      const transport = await WsTransport.connect(url, transportOptions())
      try {
        const contenders = [
          new LoopContender('bare', () => closedLoop(TRANSPORT_CONCURRENCY, settings.roundMs, async () => quantityCheck(await bare.call(TRANSPORT_METHOD, '[]')))),
          new LoopContender('harness', () =>
            closedLoop(TRANSPORT_CONCURRENCY, settings.roundMs, async () => exchangeProblem(await transport.call(TRANSPORT_METHOD), quantityCheck)),
          ),
        ]
        const figures = await interleavedRounds(contenders, { rounds: settings.rounds })
        const harness = figures.get('harness') ?? []
        const bareFigures = figures.get('bare') ?? []
        const ratio = median(harness) / median(bareFigures)
        print(
          `transport WsTransport.call -> ${targetName} ${TRANSPORT_METHOD} c=${TRANSPORT_CONCURRENCY}: ${roundsFigure(harness, 'req/s')} | bare ws client ${roundsFigure(bareFigures, 'req/s')} | ratio ${formatNumber(ratio, 2)} (harness/bare)` +
            contenders.map((contender) => contender.errorNote()).join(''),
        )
        summary.push({
          benchmark: `WsTransport vs bare ws -> ${targetName}`,
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
