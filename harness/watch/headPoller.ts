import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import type { HttpTransport } from '../transport/httpTransport.js'
import { abortableSleep } from './abortableSleep.js'
import { noConnection } from './noConnection.js'
import type { WatchSink } from './watchSink.js'

const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/i

/**
 * Polls the head over HTTP (eth_blockNumber) every `everyMs` until `signal` aborts: each answer is
 * the target's HTTP head, compared with the one before (RPC-STANDARD: the head never goes back; two
 * replicas out of step behind one address answer in turn), and a call that cannot reach the target
 * is downtime. Resolves when stopped; never throws.
 */
export async function pollHead(target: string, http: HttpTransport, sink: WatchSink, everyMs: number, signal: AbortSignal): Promise<void> {
  let last: number | null = null
  let lastAt = 0
  while (!signal.aborted) {
    const exchange = await http.call('eth_blockNumber', [])
    if (signal.aborted) break
    if (noConnection(exchange)) sink.unreachable(target, 'http', exchange.failure?.message ?? 'no answer')
    else {
      sink.reached(target, 'http')
      const outcome = rpcOutcome(exchange)
      if (outcome.kind === 'result' && typeof outcome.value === 'string' && QUANTITY.test(outcome.value)) {
        const head = Number.parseInt(outcome.value, 16)
        if (last !== null && head < last)
          sink.violation({
            target,
            requirement: 'RPC-STANDARD',
            source: 'poll',
            check: 'poll.head-back',
            message: `eth_blockNumber went back from ${last} to ${head} between two answers ${((exchange.startedAt - lastAt) / 1000).toFixed(1)} s apart`,
            exchange,
          })
        last = head
        lastAt = exchange.startedAt
        sink.head(target, 'http', head)
      }
    }
    await abortableSleep(everyMs, signal)
  }
}
