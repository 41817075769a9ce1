import { describeTlsFailure, type TlsFailureKind } from '../tls/describeTlsFailure.js'
import { inspectTls } from '../tls/inspectTls.js'
import { transportTls } from '../tls/transportTls.js'
import { isHarnessError } from '../errors/harnessError.js'
import { HttpTransport } from '../transport/httpTransport.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import { maskUrl } from '../transport/maskUrl.js'
import { openWebSocket } from '../transport/openWebSocket.js'
import { RequestGate } from '../transport/requestGate.js'
import { RestClient } from '../transport/restClient.js'
import type { TransportOptions } from '../transport/transportOptions.js'
import type { RunConfig } from './runConfig.js'

/**
 * Whether the run can go on; when not, why (and, for a TLS failure, which one). A reachable target
 * whose JSON-RPC address answered eth_chainId with something that is not a JSON-RPC response at all
 * (an HTML page, a 404, a redirect) carries `notJsonRpc`: what it answered, said once.
 */
export type Reachability = { reachable: true; notJsonRpc?: string } | { reachable: false; reason: string; tls?: TlsFailureKind }

/** Failures that mean no connection at all (exit 3), as opposed to an answer the checks will judge. */
function noConnection(code: string | undefined, answered: boolean): boolean {
  return code === 'L2CONF_ERR_UNREACHABLE' || code === 'L2CONF_ERR_TLS' || (code === 'L2CONF_ERR_TIMEOUT' && !answered)
}

/** Whether the WebSocket address completes an upgrade (interface spec 4.1); the reason when it does not. */
async function wsUnreachable(url: string, options: TransportOptions): Promise<string | null> {
  try {
    const socket = await openWebSocket(url, options)
    socket.terminate()
    return null
  } catch (error) {
    if (isHarnessError(error, 'L2CONF_ERR_RATE_LIMITED')) return null
    if (isHarnessError(error)) return error.message.includes(maskUrl(url)) ? error.message : `${maskUrl(url)}: ${error.message}`
    throw error
  }
}

/** Whether the REST base address answers HTTP at all (any status: the REST checks judge it); the reason when not. */
async function restUnreachable(url: string, options: TransportOptions): Promise<string | null> {
  const client = new RestClient(url, options)
  try {
    const exchange = await client.request('/')
    return noConnection(exchange.failure?.code, exchange.httpStatus !== undefined) ? `${maskUrl(url)}: ${exchange.failure?.message ?? ''}` : null
  } finally {
    await client.close()
  }
}

const SECURE = /^(https|wss):/i

/** The TLS server an address lands on: https://h:443 and wss://h are the same one. */
function serverOf(url: string): string {
  const parsed = new URL(url)
  return `${parsed.hostname}:${parsed.port === '' ? '443' : parsed.port}`
}

/** Names a TLS failure at `url`: a diagnostic handshake reads the code and the certificate. */
async function tlsFailure(url: string, config: RunConfig, tls: TransportOptions['tls'], failureText?: string): Promise<Reachability | null> {
  const inspection = await inspectTls(url, tls, config.timeoutMs)
  const refused = inspection.outcome === 'handshake-failed' || (inspection.outcome === 'refused' && !config.tls.insecure)
  if (!refused && failureText === undefined) return null
  const facts = refused
    ? inspection.outcome === 'handshake-failed'
      ? { url, code: inspection.code, message: inspection.message }
      : { url, code: inspection.code, ...(inspection.certificate === undefined ? {} : { certificate: inspection.certificate }) }
    : // The transport failed where the diagnostic handshake did not: say what the transport saw.
      { url, code: 'L2CONF_ERR_TLS', message: failureText ?? '' }
  const { kind, message } = describeTlsFailure({ ...facts, caFile: config.tls.ca })
  return { reachable: false, reason: message, tls: kind }
}

/**
 * Whether the target answers at all (exit code 3 when not): one eth_chainId over HTTP, then a
 * WebSocket upgrade at --ws and one GET at --rest when given (an address there that refuses the
 * connection, or the upgrade, ends the run as an unreachable --rpc does, naming the address). Any
 * HTTP answer at --rpc counts as reachable, even an error or garbage: those are findings for the
 * suite, not exit 3; an answer that is not JSON-RPC at all is named once in `notJsonRpc`.
 * Over TLS (interface spec 4.1: HTTPS and WebSocket), a certificate that does not verify, or plain
 * HTTP at an https/wss address, ends the run too, at the JSON-RPC address or at the WebSocket and
 * REST addresses (often other servers, with certificates of their own), with a reason that names
 * the failure (describeTlsFailure). With --insecure only a failed handshake counts.
 */
export async function probeReachability(config: RunConfig): Promise<Reachability> {
  if (config.rpc === null) return { reachable: false, reason: 'no --rpc address' }
  const tls = transportTls(config.tls)
  // A target that asks to wait past --max-time (429 with a far Retry-After) cannot be certified now: said at once.
  let throttled: string | undefined
  const options: TransportOptions = {
    timeoutMs: config.timeoutMs,
    maxResponseBytes: 1024 * 1024,
    headers: config.headers,
    gate: new RequestGate({ concurrency: 1, giveUpBeyondMs: config.maxTimeMs, onGiveUp: (exchange) => (throttled ??= exchange.failure?.message) }),
    ...(tls === undefined ? {} : { tls }),
  }
  const transport = new HttpTransport(config.rpc, options)
  let notJsonRpc: string | undefined
  try {
    const exchange = await transport.call('eth_chainId', [])
    if (throttled !== undefined) return { reachable: false, reason: `${config.rpc}: ${throttled}` }
    const code = exchange.failure?.code
    if (code === 'L2CONF_ERR_TLS' && SECURE.test(config.rpc)) {
      const failure = await tlsFailure(config.rpc, config, tls, exchange.failure?.message ?? code)
      if (failure !== null) return failure
    }
    if (noConnection(code, exchange.httpStatus !== undefined)) {
      return { reachable: false, reason: `${config.rpc}: ${exchange.failure?.message ?? code}` }
    }
    const outcome = rpcOutcome(exchange)
    if (code === undefined && outcome.kind === 'broken')
      notJsonRpc = `${config.rpc} answered eth_chainId with something that is not a JSON-RPC response: ${outcome.reason}`
  } finally {
    await transport.close()
  }
  const checked = new Set(SECURE.test(config.rpc) ? [serverOf(config.rpc)] : [])
  for (const url of [config.ws, config.rest]) {
    if (url === null || !SECURE.test(url) || checked.has(serverOf(url))) continue
    checked.add(serverOf(url))
    const failure = await tlsFailure(url, config, tls)
    if (failure !== null) return failure
  }
  const ws = config.ws === null ? null : await wsUnreachable(config.ws, options)
  if (ws !== null) return { reachable: false, reason: ws }
  const rest = config.rest === null ? null : await restUnreachable(config.rest, options)
  if (throttled !== undefined) return { reachable: false, reason: `${config.rest}: ${throttled}` }
  if (rest !== null) return { reachable: false, reason: rest }
  return notJsonRpc === undefined ? { reachable: true } : { reachable: true, notJsonRpc }
}
