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
}
