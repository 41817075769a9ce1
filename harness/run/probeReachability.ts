import { HttpTransport } from '../transport/httpTransport.js'
import { RequestGate } from '../transport/requestGate.js'
import type { RunConfig } from './runConfig.js'

/**
 * Whether the target answers at all (exit code 3 when not): one eth_chainId over HTTP. Any HTTP
 * answer counts as reachable, even an error or garbage: those are findings for the suite, not exit 3.
 */
export async function probeReachability(config: RunConfig): Promise<{ reachable: true } | { reachable: false; reason: string }> {
  if (config.rpc === null) return { reachable: false, reason: 'no --rpc address' }
  const transport = new HttpTransport(config.rpc, {
    timeoutMs: config.timeoutMs,
    maxResponseBytes: 1024 * 1024,
    headers: config.headers,
    gate: new RequestGate({ concurrency: 1 }),
  })
  try {
    const exchange = await transport.call('eth_chainId', [])
    const code = exchange.failure?.code
    if (code === 'L2CONF_ERR_UNREACHABLE' || code === 'L2CONF_ERR_TLS' || (code === 'L2CONF_ERR_TIMEOUT' && exchange.httpStatus === undefined)) {
      return { reachable: false, reason: `${config.rpc}: ${exchange.failure?.message ?? code}` }
    }
    return { reachable: true }
  } finally {
    await transport.close()
  }
}
