import { WsTransport } from '../harness/transport/wsTransport.js'
import { BareWsClient } from './bareWsClient.js'
import type { Benchmark } from './benchmark.js'
import { closedLoop } from './closedLoop.js'
import { exchangeProblem } from './exchangeProblem.js'
import { harnessVersusBare } from './harnessVersusBare.js'
import { TRANSPORT_CONCURRENCY, TRANSPORT_METHOD, quantityCheck, transportOptions } from './transportSetup.js'

/**
 * The harness's own overhead over WebSocket: requests per second through `WsTransport.call`
 * (one connection, behind a RequestGate of 8) against a bare `ws` client (one connection, 8 requests
 * in flight, answers parsed and matched by id) calling the same method on the same endpoint, in
 * interleaved rounds; against the reference and Anvil.
 */
export const wsTransportBench: Benchmark = {
  name: 'transport-ws',
  title: `harness overhead: WsTransport.call behind RequestGate(${TRANSPORT_CONCURRENCY}) vs a bare ws client, req/s`,
  async run({ settings, targets, print, summary }) {
    const [reference, anvil] = await Promise.all([targets.reference(), targets.anvil()])
    for (const [targetName, url] of [
      ['reference', reference.ws],
      ['anvil', anvil.ws],
    ] as const) {
      const bare = await BareWsClient.connect(url)
      const transport = await WsTransport.connect(url, transportOptions())
      try {
        await harnessVersusBare(
          { settings, print, summary },
          { transport: 'WsTransport', bareName: 'bare ws client', targetName },
          () => closedLoop(TRANSPORT_CONCURRENCY, settings.roundMs, async () => quantityCheck(await bare.call(TRANSPORT_METHOD, '[]'))),
          async () => exchangeProblem(await transport.call(TRANSPORT_METHOD), quantityCheck),
        )
      } finally {
        await Promise.all([bare.close(), transport.close()])
      }
    }
  },
}
