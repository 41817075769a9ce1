import { describeTlsFailure, type TlsFailureKind } from '../tls/describeTlsFailure.js'
import { inspectTls } from '../tls/inspectTls.js'
import { transportTls } from '../tls/transportTls.js'
import { HttpTransport } from '../transport/httpTransport.js'
import { RequestGate } from '../transport/requestGate.js'
import type { TransportOptions } from '../transport/transportOptions.js'
import type { RunConfig } from './runConfig.js'

/** Whether the run can go on; when not, why (and, for a TLS failure, which one). */
export type Reachability = { reachable: true } | { reachable: false; reason: string; tls?: TlsFailureKind }

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
 * Whether the target answers at all (exit code 3 when not): one eth_chainId over HTTP. Any HTTP
 * answer counts as reachable, even an error or garbage: those are findings for the suite, not exit 3.
 * Over TLS (interface spec 4.1: HTTPS and WebSocket), a certificate that does not verify, or plain
 * HTTP at an https/wss address, ends the run too, at the JSON-RPC address or at the WebSocket and
 * REST addresses (often other servers, with certificates of their own), with a reason that names
 * the failure (describeTlsFailure). With --insecure only a failed handshake counts.
 */
export async function probeReachability(config: RunConfig): Promise<Reachability> {
  if (config.rpc === null) return { reachable: false, reason: 'no --rpc address' }
  const tls = transportTls(config.tls)
  const transport = new HttpTransport(config.rpc, {
    timeoutMs: config.timeoutMs,
    maxResponseBytes: 1024 * 1024,
    headers: config.headers,
    gate: new RequestGate({ concurrency: 1 }),
    ...(tls === undefined ? {} : { tls }),
  })
  try {
    const exchange = await transport.call('eth_chainId', [])
    const code = exchange.failure?.code
    if (code === 'L2CONF_ERR_TLS' && SECURE.test(config.rpc)) {
      const failure = await tlsFailure(config.rpc, config, tls, exchange.failure?.message ?? code)
      if (failure !== null) return failure
    }
    if (code === 'L2CONF_ERR_UNREACHABLE' || code === 'L2CONF_ERR_TLS' || (code === 'L2CONF_ERR_TIMEOUT' && exchange.httpStatus === undefined)) {
      return { reachable: false, reason: `${config.rpc}: ${exchange.failure?.message ?? code}` }
    }
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
  return { reachable: true }
}
