import type { Server } from 'node:http'

/** How often a closing server closes the keep-alive connections that went idle, in milliseconds. */
const SWEEP_MS = 20

/**
 * A server's closer: stop accepting, let requests in flight finish (at most `graceMs`), then cut
 * every connection left, idle keep-alive ones included. Nothing is tracked per request: while it
 * closes, the server's idle connections are closed every few milliseconds, so a connection whose
 * request was in flight closes once its answer is sent (the server knows which are idle; a
 * listener per request only restated it, on every request of the server's life).
 */
export function gracefulClose(server: Server, graceMs = 2_000): () => Promise<void> {
  let closing: Promise<void> | undefined
  return () => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS)
      const deadline = setTimeout(() => server.closeAllConnections(), graceMs)
      try {
        await stopped
      } finally {
        clearInterval(sweep)
        clearTimeout(deadline)
      }
    })()
    return closing
  }
}
