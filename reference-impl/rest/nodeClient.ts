import { Pool } from 'undici'
import { pinnedCertificateConnector } from './pinnedCertificateConnector.js'

/** Why the node could not give the service what it asked for. */
export type UpstreamFailure = 'unreachable' | 'timeout' | 'bad-answer'

/** The node behind the REST service failed; `failure` decides between 502 and 503. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError'
  readonly failure: UpstreamFailure

  constructor(failure: UpstreamFailure, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.failure = failure
  }
}

export interface JsonRpcCall {
  method: string
  params: unknown[]
}

/** A JSON-RPC client of one node, over HTTP with kept-alive connections, every call bounded in time. */
export interface NodeClient {
  /** One call; its result, or an UpstreamError. */
  call(method: string, params: unknown[]): Promise<unknown>
  /** Several calls in one JSON-RPC batch; results in the order of `calls`. */
  batch(calls: readonly JsonRpcCall[]): Promise<unknown[]>
  close(): Promise<void>
}

export interface NodeClientOptions {
  /** Bound on each exchange, connecting included. */
  timeoutMs: number
  /** Largest answer accepted, in bytes. */
  maxResponseBytes?: number
  /** For an https:// node: the certificate (PEM) it must present, and nothing else (see pinnedCertificateConnector). */
  pinnedCertificate?: string
}

const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
])
const TIMEOUT_CODES: ReadonlySet<string> = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT'])

/** The REST service's view of the node: JSON-RPC 2.0 over HTTP POST, like a node provider's. */
export function createNodeClient(rpcUrl: string, options: NodeClientOptions): NodeClient {
  const url = new URL(rpcUrl)
  const { timeoutMs } = options
  const maxResponseBytes = options.maxResponseBytes ?? 16 * 1024 * 1024
  const pool = new Pool(url.origin, {
    connections: 8,
    keepAliveTimeout: 10_000,
    connect:
      options.pinnedCertificate === undefined || url.protocol !== 'https:'
        ? { timeout: timeoutMs }
        : pinnedCertificateConnector(options.pinnedCertificate, timeoutMs),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  })
  let nextId = 1

  async function post(payload: unknown): Promise<unknown> {
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      const response = await pool.request({
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal,
      })
      const chunks: Buffer[] = []
      let bytes = 0
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        bytes += chunk.length
        if (bytes > maxResponseBytes) {
          response.body.destroy()
          throw new UpstreamError('bad-answer', `the node's answer is larger than ${maxResponseBytes} bytes`)
        }
        chunks.push(chunk)
      }
      if (response.statusCode !== 200) throw new UpstreamError('bad-answer', `the node answered HTTP ${response.statusCode}`)
      try {
        return JSON.parse(Buffer.concat(chunks, bytes).toString('utf8')) as unknown
      } catch (error) {
        throw new UpstreamError('bad-answer', 'the node answered with malformed JSON', { cause: error })
      }
    } catch (error) {
      throw classify(error, signal)
    }
  }

  function resultOf(answer: unknown, id: number, method: string): unknown {
    const response = answer as { id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } } | null
    if (typeof response !== 'object' || response === null || response.id !== id) throw new UpstreamError('bad-answer', `no answer to ${method}`)
    if (response.error !== undefined) {
      throw new UpstreamError('bad-answer', `${method} failed on the node: ${String(response.error.code)} ${String(response.error.message)}`)
    }
    if (!('result' in response)) throw new UpstreamError('bad-answer', `the answer to ${method} has no result`)
    return response.result
  }

  return {
    async call(method, params) {
      const id = nextId++
      return resultOf(await post({ jsonrpc: '2.0', id, method, params }), id, method)
    },
    async batch(calls) {
      if (calls.length === 0) return []
      const first = nextId
      nextId += calls.length
      const answer = await post(calls.map((call, index) => ({ jsonrpc: '2.0', id: first + index, method: call.method, params: call.params })))
      if (!Array.isArray(answer)) throw new UpstreamError('bad-answer', 'the node did not answer the batch with an array')
      const byId = new Map<unknown, unknown>(answer.map((item: unknown) => [(item as { id?: unknown } | null)?.id, item]))
      return calls.map((call, index) => resultOf(byId.get(first + index), first + index, call.method))
    },
    async close() {
      await pool.close()
    },
  }
}

function classify(error: unknown, signal: AbortSignal): UpstreamError {
  if (error instanceof UpstreamError) return error
  const code = (error as { code?: unknown } | null)?.code
  if (signal.aborted || (typeof code === 'string' && TIMEOUT_CODES.has(code))) {
    return new UpstreamError('timeout', 'the node did not answer in time', { cause: error })
  }
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return new UpstreamError('unreachable', `the node cannot be reached (${code})`, { cause: error })
  return new UpstreamError('unreachable', `the node cannot be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
}
