import { Pool } from 'undici'
import type { TransportOptions } from './transportOptions.js'

/**
 * An undici Pool for one origin with the run's bounds (keep-alive; at most `gate.concurrency`
 * connections, as the gate never lets more requests fly, or `connections`, e.g. one for the
 * liveness question of TransportHealth). Shared by HttpTransport and RestClient.
 */
export function poolFor(url: URL, options: TransportOptions, connections: number = options.gate.concurrency): Pool {
  const connect: { timeout: number; ca?: string | Buffer; rejectUnauthorized?: boolean } = { timeout: options.timeoutMs }
  if (options.tls?.ca !== undefined) connect.ca = options.tls.ca
  if (options.tls?.insecure === true) connect.rejectUnauthorized = false
  return new Pool(url.origin, {
    connections,
    pipelining: 1,
    connect,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  })
}

/** Closes an undici pool gracefully, but never waits longer than `ms` before destroying it. */
export async function closePool(pool: Pool, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(resolve, ms, 'late')
  })
  const outcome = await Promise.race([
    pool.close().then(
      () => 'closed' as const,
      () => 'closed' as const,
    ),
    late,
  ])
  clearTimeout(timer)
  if (outcome === 'late') await pool.destroy().catch(() => undefined)
}
