import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import type { WsTransport } from '../transport/wsTransport.js'
import { failureVerdict } from './failureVerdict.js'
import { largestAccepted, type Verdict } from './largestAccepted.js'
import { limitValue, type LimitMeasurement } from './limitMeasurement.js'
import { BODY_HINTS, bytesNote } from './maxRequestBytes.js'
import { paddedRequest, paddedRequestFloor } from './paddedRequest.js'
import { answerText } from './refusalSignature.js'

export interface WsMessageBytesProbe {
  /** Opens a WebSocket connection of its own through the run's options; a refused message usually closes it. */
  connect(): Promise<Pick<WsTransport, 'sendRawCall' | 'close'>>
  /** --discover-max-bytes: no larger message is sent. */
  cap: number
}

/** The id of every probe: one at a time, on a connection of the search's own. */
const PROBE_ID = 1

/**
 * The largest WebSocket message the target answers (LIMITS; interface spec section 8): a valid
 * eth_chainId request (a numeric id, on a connection of its own, so its answer is matched by id as
 * any call's: a node that refuses id null or takes it for a notification still answers) padded with JSON whitespace
 * to N bytes. Refused: an error answer, or the socket closed on it (ws closes with 1009); the next
 * probe then opens a new connection. Every connection it opens is closed before it returns.
 */
export async function maxWsMessageBytes(probe: WsMessageBytesProbe): Promise<LimitMeasurement> {
  const floor = paddedRequestFloor(PROBE_ID)
  const refusals = new Map<number, string>()
  let socket: Pick<WsTransport, 'sendRawCall' | 'close'> | undefined
  const ask = async (bytes: number): Promise<Verdict> => {
    try {
      socket ??= await probe.connect()
    } catch (error) {
      return { unknown: `could not open a WebSocket connection: ${(error as Error).message}` }
    }
    const exchange: Exchange = await socket.sendRawCall(paddedRequest(bytes, PROBE_ID), PROBE_ID, 'eth_chainId')
    const verdict = failureVerdict(exchange) ?? (rpcOutcome(exchange).kind === 'result' ? 'accepted' : 'refused')
    if (verdict !== 'accepted') {
      refusals.set(bytes, answerText(exchange))
      if (exchange.failure !== undefined) {
        await socket.close()
        socket = undefined
      }
    }
    return verdict
  }
  try {
    const outcome = await largestAccepted(ask, { floor, cap: Math.max(floor, probe.cap), hints: BODY_HINTS })
    // Even the smallest request refused says the call itself failed, not how large a body may be.
    return {
      value: outcome.kind === 'exact' && outcome.accepted < floor ? null : limitValue(outcome, floor),
      requests: outcome.requests,
      note: bytesNote(outcome, refusals, 'a WebSocket message', floor),
    }
  } finally {
    await socket?.close()
  }
}
