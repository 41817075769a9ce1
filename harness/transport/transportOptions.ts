import type { Exchange } from './exchange.js'
import type { RequestGate } from './requestGate.js'
import type { RunHealth } from './transportHealth.js'

/**
 * How every transport of a run talks to a target (ARCHITECTURE.md CLI contract: --timeout, --header,
 * --concurrency, --rate). Shared by HttpTransport, WsTransport and RestClient.
 */
export interface TransportOptions {
  /** Per request: connect + the full response, measured in total (a target dripping bytes still times out). */
  timeoutMs: number
  /** Response size cap; past it the exchange fails with L2CONF_ERR_RESPONSE_TOO_LARGE and the connection is dropped. */
  maxResponseBytes: number
  /** Sent on every HTTP request and on the WebSocket upgrade (e.g. auth); values are never recorded or logged. */
  headers: Record<string, string>
  /** The in-flight and requests/s caps, shared by all transports of a run. */
  gate: RequestGate
  /** For https/wss targets: extra CA certificates, or no certificate check at all. */
  tls?: { ca?: string | Buffer; insecure?: boolean }
  /**
   * Called with every exchange a transport returns (latency stats, evidence), in the caller's async
   * context (after the await), so AsyncLocalStorage of the caller sees it. Must not throw.
   */
  onExchange?: (exchange: Exchange) => void
  /**
   * The run's transport health (RunHealth): when given, a transport judged unusable (broken envelope,
   * time-outs the target does not recover from) answers every later call at once with
   * L2CONF_ERR_UNUSABLE, without sending. Without it, every call is sent (harness tests, probes).
   */
  health?: RunHealth
  /**
   * Answers from a transcript instead of the network (`l2conf check`, ARCHITECTURE.md transcripts):
   * HTTP and REST exchanges are answered by `answer`, WebSocket connections are `openSocket()`
   * stand-ins, and a WebSocket request the transcript cannot answer ends at once (`unanswered`).
   */
  replay?: {
    answer(exchange: Exchange): Exchange
    unanswered(exchange: Exchange): Exchange | undefined
    openSocket(): unknown
  }
  /** The caller's context when a subscription is opened, handed back with each of its notifications (transcripts file them by check). */
  captureContext?: () => unknown
  /** Called with every eth_subscription notification routed to a subscription, and the context captured when it was opened. Must not throw. */
  onNotification?: (message: unknown, context: unknown) => void
}
