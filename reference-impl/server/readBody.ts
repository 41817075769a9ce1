import type { IncomingMessage } from 'node:http'

export type BodyResult =
  | { ok: true; body: Buffer }
  | { ok: false; reason: 'too-large'; bytes: number }
  | { ok: false; reason: 'aborted' }

/**
 * Reads a request body while it streams in, up to `maxBytes`. A declared Content-Length over the
 * limit is refused before a byte is read; a chunked body is refused as soon as it passes the limit,
 * and reading stops there (the caller answers 413 and closes the connection).
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const declared = Number(request.headers['content-length'] ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    return Promise.resolve({ ok: false, reason: 'too-large', bytes: declared })
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let bytes = 0
    const onData = (chunk: Buffer): void => {
      bytes += chunk.length
      if (bytes > maxBytes) {
        finish({ ok: false, reason: 'too-large', bytes })
        return
      }
      chunks.push(chunk)
    }
    const onEnd = (): void => {
      finish({ ok: true, body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, bytes) })
    }
    const onAborted = (): void => finish({ ok: false, reason: 'aborted' })
    function finish(result: BodyResult): void {
      request.off('data', onData)
      request.off('end', onEnd)
      request.off('error', onAborted)
      request.off('close', onClose)
      if (!result.ok) request.pause()
      chunks.length = 0
      resolve(result)
    }
    const onClose = (): void => {
      if (!request.complete) onAborted()
    }
    request.on('data', onData)
    request.on('end', onEnd)
    request.on('error', onAborted)
    request.on('close', onClose)
  })
}
