import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import type { HttpTransport } from '../transport/httpTransport.js'
import type { Exchange } from '../transport/exchange.js'
import { abortableSleep } from './abortableSleep.js'
import type { AnnouncedHead } from './headSequence.js'
import { noConnection } from './noConnection.js'
import type { WatchSink } from './watchSink.js'

/** Between two reads of an announced block not served yet. */
export const READ_BACK_RETRY_MS = 250
/** How long an announced block is read back before the watch stops asking for it. */
export const READ_BACK_GIVE_UP_MS = 30_000

const hashOf = (block: unknown): unknown => (block !== null && typeof block === 'object' ? (block as { hash?: unknown }).hash : undefined)

/**
 * Reads a block just announced over WebSocket back over HTTP (interface document, 4.1: the same
 * node over either transport): eth_getBlockByNumber until it is served (the time it took goes to
 * `served`), then eth_getBlockRange for that one block. A null, an error, or another hash for a block
 * the client was told exists breaks RPC-WS (said once per block); eth_getBlockRange not serving the
 * block eth_getBlockByNumber serves, or another hash, breaks RANGE-CONSISTENT. A target that cannot
 * be reached is the head poll's downtime, not a finding here. Never throws.
 */
export async function readBack(
  target: string,
  http: HttpTransport,
  head: AnnouncedHead,
  announcedAt: number,
  sink: WatchSink,
  signal: AbortSignal,
): Promise<void> {
  const number = `0x${head.number.toString(16)}`
  let said = false
  const unserved = (exchange: Exchange, what: string): void => {
    if (said) return
    said = true
    sink.violation({
      target,
      requirement: 'RPC-WS',
      source: 'readback',
      check: 'readback.served',
      message: `block ${head.number} (${head.hash}), announced over WebSocket, ${what} over HTTP ${Math.max(0, exchange.startedAt - announcedAt)} ms after its announcement`,
      exchange,
    })
  }
  let served: unknown
  for (;;) {
    if (signal.aborted) return
    const exchange = await http.call('eth_getBlockByNumber', [number, false])
    if (noConnection(exchange) || exchange.failure !== undefined) return
    const outcome = rpcOutcome(exchange)
    if (outcome.kind === 'result' && outcome.value !== null) {
      served = outcome.value
      sink.served(target, (exchange.startedAt + exchange.durationMs - announcedAt) / 1000)
      const servedHash = hashOf(served)
      if (typeof servedHash !== 'string' || servedHash.toLowerCase() !== head.hash)
        sink.violation({
          target,
          requirement: 'RPC-WS',
          source: 'readback',
          check: 'readback.hash',
          message: `block ${head.number} is ${String(hashOf(served))} over HTTP but was announced over WebSocket as ${head.hash}`,
          exchange,
        })
      break
    }
    unserved(
      exchange,
      outcome.kind === 'result' ? 'is null' : outcome.kind === 'error' ? `is an error (${String(outcome.code)})` : `is unreadable (${outcome.reason})`,
    )
    if (Date.now() - announcedAt > READ_BACK_GIVE_UP_MS) return
    await abortableSleep(READ_BACK_RETRY_MS, signal)
  }
  if (signal.aborted) return
  const range = await http.call('eth_getBlockRange', [number, number, false])
  if (range.failure !== undefined) return
  const outcome = rpcOutcome(range)
  const blocks = outcome.kind === 'result' && Array.isArray(outcome.value) ? outcome.value : null
  const rangeHash = blocks?.length === 1 ? hashOf(blocks[0]) : undefined
  if (rangeHash === hashOf(served)) return
  sink.violation({
    target,
    requirement: 'RANGE-CONSISTENT',
    source: 'readback',
    check: 'readback.range',
    message:
      blocks === null
        ? `eth_getBlockRange(${head.number}, ${head.number}) answered ${outcome.kind === 'error' ? `error ${String(outcome.code)}` : 'no array of blocks'} while eth_getBlockByNumber serves block ${head.number}`
        : `eth_getBlockRange(${head.number}, ${head.number}) answered ${blocks.length === 1 ? `hash ${String(rangeHash)}` : `${blocks.length} blocks`} while eth_getBlockByNumber serves ${String(hashOf(served))}`,
    exchange: range,
  })
}
