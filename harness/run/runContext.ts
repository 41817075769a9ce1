import { RateLimitObserver } from '../limits/rateLimitObserver.js'
import { loadOpenApi, type OpenApiSpec } from '../spec/loadOpenApi.js'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'
import { transportTls } from '../tls/transportTls.js'
import { HttpTransport } from '../transport/httpTransport.js'
import type { MethodHolds } from '../transport/methodHolds.js'
import { RequestGate } from '../transport/requestGate.js'
import { reproduceCommand } from '../transport/reproduce.js'
import { RestClient } from '../transport/restClient.js'
import type { TransportOptions } from '../transport/transportOptions.js'
import { WsTransport } from '../transport/wsTransport.js'
import { RunHealth } from '../transport/transportHealth.js'
import type { Exchange } from '../transport/exchange.js'
import { currentRank, recordExchange } from './certify.js'
import { createCoverage, type CoverageRecorder } from '../coverage/createCoverage.js'
import { transcriptHooks } from '../transcript/transcriptHooks.js'
import type { RunConfig } from './runConfig.js'

/**
 * Everything the suites share within one run: the config, the specs (loaded and compiled once),
 * and the transports to the target, all behind one request gate (--concurrency, --rate).
 */
export interface RunContext {
  config: RunConfig
  openrpc: OpenRpcSpec
  openapi: OpenApiSpec
  /** JSON-RPC over HTTP; null when the run has no --rpc. */
  http: HttpTransport | null
  /** REST; null when the run has no --rest. */
  rest: RestClient | null
  /** A shared WebSocket connection (opened on first use); null when the run has no --ws. */
  ws(): Promise<WsTransport | null>
  /**
   * A WebSocket connection of its own (subscription checks), closed with the run; `headers` go on its
   * upgrade beside the configured ones (EXPOSURE's foreign Origin: recorded by name as the others are).
   */
  openWs(headers?: Record<string, string>): Promise<WsTransport>
  reproduce(exchange: Exchange): string
  /** Signs of rate limiting (429, Retry-After, JSON-RPC rate-limit errors) in every exchange of the run so far (LIMITS). */
  rateLimits: RateLimitObserver
  /** The transports' shared health: unusable transports, bytes in flight, unsolicited WebSocket frames. */
  health: RunHealth
  /** Methods a check holds for itself (check's `holds`): every transport's requests that call one wait. */
  holds: MethodHolds
  /** What of the specs the run's exchanges exercised (report.json's `coverage`): every exchange and notification passes it. */
  coverage: CoverageRecorder
  /**
   * Closes every transport, waiting for requests in flight at most `graceMs` (by default each
   * transport's time-out): a run cut short closes at once.
   */
  close(options?: { graceMs?: number }): Promise<void>
}

/**
 * Builds the context of one run for a config: its transports behind one request gate. `specs`: the
 * specs the run's preparation loaded already (prepareRun); otherwise they are loaded here, each
 * schema's validator compiled when a check first uses it (SPEC-VALID compiles them all again).
 */
export async function createRunContext(config: RunConfig, specs?: { openrpc: OpenRpcSpec; openapi: OpenApiSpec }): Promise<RunContext> {
  const compile = { compile: 'on-first-use' } as const
  const [openrpc, openapi] =
    specs === undefined ? await Promise.all([loadOpenRpc(config.openrpc, compile), loadOpenApi(config.openapi, compile)]) : [specs.openrpc, specs.openapi]
  const rateLimits = new RateLimitObserver()
  const health = new RunHealth()
  const gate = new RequestGate({
    concurrency: config.concurrency,
    rankOf: currentRank,
    ...(config.rate === null ? {} : { ratePerSecond: config.rate }),
    // A target asking to wait past --max-time ends the run at once, saying so, instead of being waited out.
    giveUpBeyondMs: config.maxTimeMs,
    onGiveUp: (exchange) => health.throttled(exchange.failure?.message ?? 'the target answered HTTP 429 with a Retry-After past --max-time', exchange),
  })
  // --ca / --insecure, the same for every transport (and for the reachability probe).
  const tls = transportTls(config.tls)
  // --record DIR: every exchange also goes into a transcript; `l2conf check`: answers come from one (no health: nothing to probe).
  const transcript = transcriptHooks(config, health)
  const coverage = createCoverage({ openrpc, openapi })
  const onNotification = transcript.options.onNotification
  const options: TransportOptions = {
    timeoutMs: config.timeoutMs,
    maxResponseBytes: 64 * 1024 * 1024,
    headers: config.headers,
    gate,
    ...(transcript.replay === undefined ? { health } : { replay: transcript.replay }),
    onExchange: (exchange) => {
      recordExchange(exchange)
      rateLimits.observe(exchange)
      transcript.onExchange(exchange)
      coverage.observe(exchange)
    },
    ...transcript.options,
    onNotification: (message, check) => {
      onNotification?.(message, check)
      coverage.observeNotification?.(message)
    },
    ...(tls === undefined ? {} : { tls }),
  }
  const http = config.rpc === null ? null : new HttpTransport(config.rpc, options)
  const rest = config.rest === null ? null : new RestClient(config.rest, options)
  const sockets: WsTransport[] = []
  let shared: Promise<WsTransport> | undefined
  const openWs = async (headers?: Record<string, string>): Promise<WsTransport> => {
    if (config.ws === null) throw new Error('this run has no --ws address')
    const socket = await WsTransport.connect(config.ws, headers === undefined ? options : { ...options, headers: { ...options.headers, ...headers } })
    sockets.push(socket)
    return socket
  }
  const secretHeaderNames = Object.keys(config.headers)
  return {
    config,
    openrpc,
    openapi,
    http,
    rest,
    async ws() {
      if (config.ws === null) return null
      shared ??= openWs()
      return shared
    },
    openWs,
    reproduce: (exchange) => reproduceCommand(exchange, { secretHeaderNames }),
    rateLimits,
    health,
    holds: gate.holds,
    coverage,
    async close({ graceMs }: { graceMs?: number } = {}) {
      await Promise.allSettled([http?.close(graceMs), rest?.close(graceMs), ...sockets.map((s) => s.close(graceMs))])
      await transcript.close()
    },
  }
}
