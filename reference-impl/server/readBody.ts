import type { IncomingMessage } from 'node:http'

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too-large'; bytes: number } | { ok: false; reason: 'aborted' }

/** What one body being read holds; kept on its request, so the listeners are shared functions, not closures per request. */
interface BodyRead<T> {
  maxBytes: number
  chunks: Buffer[]
  bytes: number
  target: T
  done: (target: T, result: BodyResult) => void
}

const READ = Symbol('l2conf.bodyRead')
type Reading = IncomingMessage & { [READ]?: BodyRead<unknown> | undefined }

/**
 * Reads a request body while it streams in, up to `maxBytes`, and calls `done(target, result)` once.
 * A declared Content-Length over the limit is refused before a byte is read (`done` is called at
 * once); a chunked body is refused as soon as it passes the limit, and reading stops there (the caller
 * answers 413 and closes the connection). `declaredLength` is the request's Content-Length header
 * when the caller has read it already (NaN when absent). The listeners are module functions and the
 * state sits on the request, so a small request costs no closure (the per-request price matters at
 * tens of thousands of requests a second).
 */
export function readBodyInto<T>(
  request: IncomingMessage,
  maxBytes: number,
  declaredLength: number,
  target: T,
  done: (target: T, result: BodyResult) => void,
): void {
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes) {
    done(target, { ok: false, reason: 'too-large', bytes: declaredLength })
    return
  }
  ;(request as Reading)[READ] = { maxBytes, chunks: [], bytes: 0, target, done: done as (target: unknown, result: BodyResult) => void }
  request.on('data', onData)
  request.on('end', onEnd)
  request.on('error', onAborted)
  request.on('close', onClose)
}

/** The same as a promise (for callers that are async anyway). */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    readBodyInto(request, maxBytes, Number(request.headers['content-length'] ?? Number.NaN), undefined, (_target, result) => resolve(result))
  })
}

function onData(this: Reading, chunk: Buffer): void {
  const read = this[READ]
  if (read === undefined) return
  read.bytes += chunk.length
  if (read.bytes > read.maxBytes) {
    finish(this, { ok: false, reason: 'too-large', bytes: read.bytes })
    return
  }
  read.chunks.push(chunk)
}

function onEnd(this: Reading): void {
  const read = this[READ]
  if (read === undefined) return
  finish(this, { ok: true, body: read.chunks.length === 1 ? (read.chunks[0] as Buffer) : Buffer.concat(read.chunks, read.bytes) })
}

function onAborted(this: Reading): void {
  finish(this, { ok: false, reason: 'aborted' })
}

function onClose(this: Reading): void {
  if (!this.complete) finish(this, { ok: false, reason: 'aborted' })
}

function finish(request: Reading, result: BodyResult): void {
  const read = request[READ]
  if (read === undefined) return
  request[READ] = undefined
  // A body read to its end emits nothing more but 'close', which finds no read and returns: the
  // listeners stay, as removing them on every request buys nothing. A body cut short stops
  // flowing, so nothing more is read into it.
  if (!result.ok) {
    request.off('data', onData)
    request.off('end', onEnd)
    request.off('error', onAborted)
    request.off('close', onClose)
    request.pause()
  }
  read.chunks.length = 0
  read.done(read.target, result)
}
