import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'

/** The largest body the proxy reads from a client; the target decides about anything smaller (its limits are the subject). */
export const MAX_PROXIED_BYTES = 64 * 1024 * 1024

/** Headers that belong to one hop (RFC 9110 section 7.6.1) or that the proxy recomputes. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
  'expect',
])

/** Reads a request body, at most MAX_PROXIED_BYTES (null past it). */
export async function readRequestBody(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_PROXIED_BYTES) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** A header map as one string per name (lower case), without hop-by-hop headers. */
export function endToEndHeaders(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (value === undefined || HOP_BY_HOP.has(lower)) continue
    out[lower] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}
