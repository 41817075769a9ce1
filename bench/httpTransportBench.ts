import { HttpTransport } from '../harness/transport/httpTransport.js'
import type { Benchmark } from './benchmark.js'
import { exchangeProblem } from './exchangeProblem.js'
import { harnessVersusBare } from './harnessVersusBare.js'
import { TRANSPORT_CONCURRENCY, TRANSPORT_METHOD, quantityCheck, transportOptions } from './transportSetup.js'
import { UndiciLoad } from './undiciLoad.js'

const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: TRANSPORT_METHOD, params: [] })

/**
 * The harness's own overhead over HTTP: requests per second through `HttpTransport.call`
 * behind a RequestGate of 8, against a bare undici loop (8 connections, every answer parsed) calling
 * the same method on the same endpoint, in interleaved rounds; against the reference and Anvil.
 */
export const httpTransportBench: Benchmark = {
  name: 'transport-http',
  title: `harness overhead: HttpTransport.call behind RequestGate(${TRANSPORT_CONCURRENCY}) vs a bare undici loop, req/s`,
  async run({ settings, targets, print, summary }) {
    const [reference, anvil] = await Promise.all([targets.reference(), targets.anvil()])
    for (const [targetName, url] of [
      ['reference', reference.rpc],
      ['anvil', anvil.rpc],
    ] as const) {
      const bare = new UndiciLoad(url, TRANSPORT_CONCURRENCY)
      const transport = new HttpTransport(url, transportOptions())
      try {
        await harnessVersusBare(
          { settings, print, summary },
          { transport: 'HttpTransport', bareName: 'bare undici loop', targetName },
          () => bare.run({ body: () => BODY, check: quantityCheck, durationMs: settings.roundMs, parseEvery: true }),
          async () => exchangeProblem(await transport.call(TRANSPORT_METHOD), quantityCheck),
        )
      } finally {
        await Promise.all([bare.close(), transport.close()])
      }
    }
  },
}
