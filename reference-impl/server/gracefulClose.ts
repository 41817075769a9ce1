import type { Server, ServerResponse } from 'node:http'

/**
 * Tracks a server's requests in flight and returns its closer: stop accepting, let requests in
 * flight finish (at most `graceMs`), then cut every connection left, idle keep-alive ones included.
 */
export function gracefulClose(server: Server, graceMs = 2_000): () => Promise<void> {
  let inFlight = 0
  let drained: (() => void) | undefined
  // One listener function for every response (a response closes once): no closure per request.
  const release = (): void => {
    if (--inFlight === 0) drained?.()
  }
  const track = (_request: unknown, response: ServerResponse): void => {
    inFlight++
    response.on('close', release)
  }
  server.on('request', track)
  // A request with `Expect: 100-continue` arrives as this event instead of `request`.
  server.on('checkContinue', track)
  let closing: Promise<void> | undefined
  return () => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs)
          drained = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
      server.closeAllConnections()
      await stopped
    })()
    return closing
  }
}
