import type { IncomingMessage, ServerResponse } from 'node:http'
import { ErrorCode, RpcError } from '../rpc/rpcError.js'
import type { CallContext, MethodTable } from '../rpc/methodTable.js'
import type { JsonRpcDispatcher } from './jsonRpcDispatcher.js'
import { encodeError, jsonBytes, type JsonText } from './jsonRpcResponse.js'
import { limits } from './limits.js'
import { type BodyResult, readBodyInto } from './readBody.js'
import { refusedRequest } from './requestShape.js'

export interface HttpTransportOptions {
  dispatcher: JsonRpcDispatcher
  log?: (message: string) => void
  maxBodyBytes?: number
}

/** The media types l2geth accepts for a JSON-RPC body; anything else is 415. */
const ACCEPTED_TYPES: ReadonlySet<string> = new Set(['application/json', 'application/json-rpc', 'application/jsonrequest'])
const ALLOW = 'GET, HEAD, POST, OPTIONS'
/** Below this, joining an answer's parts costs less than writing them one by one. */
const SMALL_ANSWER_BYTES = 16 * 1024
const HTTP_CONTEXT: CallContext = Object.freeze({ transport: 'http' })

const notifications = (): never => {
  throw new RpcError(ErrorCode.server, 'notifications not supported')
}
/** Subscriptions need a connection that outlives the request: over HTTP they are refused. */
const HTTP_OVERRIDES: MethodTable = new Map([
  ['eth_subscribe', notifications],
  ['eth_unsubscribe', notifications],
])

export interface HttpTransport {
  /** The HTTP server's `request` listener. */
  onRequest(request: IncomingMessage, response: ServerResponse): void
  /**
   * The `checkContinue` listener: "100 Continue" only for a body the node will read; a body declared
   * over the limit is refused before the client sends it.
   */
  onCheckContinue(request: IncomingMessage, response: ServerResponse): void
}

/**
 * JSON-RPC over HTTP, like l2geth's transport: POST with a JSON body (5 MiB at most, 413 past it,
 * counted while it streams), application/json and its two aliases (415 otherwise), GET/HEAD as a
 * health check, OPTIONS for CORS preflight, every other method 405.
 */
export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const { dispatcher } = options
  const log = options.log ?? ((message: string) => console.error(message))
  const maxBodyBytes = options.maxBodyBytes ?? limits.maxBodyBytes

  function post(request: IncomingMessage, response: ServerResponse): void {
    const headers = bodyHeaders(request.rawHeaders)
    if (!ACCEPTED_TYPES.has(headers.type)) {
      refuse(response, 415, 'invalid content type, only application/json is supported')
      return
    }
    readBodyInto(request, maxBodyBytes, headers.length, response, onBody)
  }

  function onBody(response: ServerResponse, body: BodyResult): void {
    if (!body.ok) {
      if (body.reason === 'aborted') {
        response.destroy()
        return
      }
      // Stop reading: answer, then close the connection rather than swallow the rest of the body.
      refuse(response, 413, `content length too large (${body.bytes}>${maxBodyBytes})`, { connection: 'close' })
      return
    }
    let answer: ReturnType<JsonRpcDispatcher['answer']> = refusedRequest(body.body)
    try {
      answer ??= dispatcher.answer(body.body.toString('utf8'), HTTP_CONTEXT, HTTP_OVERRIDES)
    } catch (error) {
      failed(response, error)
      return
    }
    // Most small answers (a block, the chain id) are given at once: no promise on their way out.
    if (answer instanceof Promise)
      answer.then(
        (settled) => send(response, settled),
        (error: unknown) => failed(response, error),
      )
    else send(response, answer)
  }

  function send(response: ServerResponse, answer: JsonText | undefined): void {
    if (answer === undefined) {
      response.writeHead(204, { 'access-control-allow-origin': '*' })
      response.end()
      return
    }
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': jsonBytes(answer),
      'access-control-allow-origin': '*',
    })
    // Text: Node puts the headers and the body in one string, one write.
    if (typeof answer === 'string') {
      response.end(answer)
      return
    }
    // One buffer (a small RawJson result with its envelope): written with the headers in one call.
    if (answer.parts.length === 1) {
      response.end(answer.parts[0])
      return
    }
    // A small answer in byte parts: as one latin1 string, which carries every byte as it is (one
    // character per byte), so the headers and the body still go out in one write, with no buffer to
    // allocate and join.
    if (answer.byteLength <= SMALL_ANSWER_BYTES) {
      let text = ''
      for (const part of answer.parts) text += part.toString('latin1')
      response.end(text, 'latin1')
      return
    }
    // Byte parts (cached block JSON): written as they are, in one writev once uncorked.
    const socket = response.socket
    socket?.cork()
    for (const part of answer.parts) response.write(part)
    response.end()
    socket?.uncork()
  }

  function failed(response: ServerResponse, error: unknown): void {
    log(`http: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    if (!response.headersSent) refuse(response, 500, 'internal error', {}, ErrorCode.internal)
    else response.destroy()
  }

  function onRequest(request: IncomingMessage, response: ServerResponse): void {
    const method = request.method
    if (method === 'POST') {
      try {
        post(request, response)
      } catch (error) {
        failed(response, error)
      }
      return
    }
    if (method === 'GET' || method === 'HEAD') {
      // The health check of l2geth: an empty 200.
      response.writeHead(200, { 'content-length': 0, 'access-control-allow-origin': '*' })
      response.end()
      return
    }
    if (method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': ALLOW,
        'access-control-allow-headers': 'Content-Type, Authorization',
        'access-control-max-age': '86400',
        allow: ALLOW,
      })
      response.end()
      return
    }
    refuse(response, 405, 'method not allowed', { allow: ALLOW })
  }

  return {
    onRequest,
    onCheckContinue(request, response) {
      const declared = Number(request.headers['content-length'] ?? 0)
      if (request.method === 'POST' && mediaType(request) !== undefined && !(declared > maxBodyBytes)) response.writeContinue()
      onRequest(request, response)
    },
  }
}

/** The request's media type when it is one a JSON-RPC body may have, else undefined. */
function mediaType(request: IncomingMessage): string | undefined {
  const type = bodyHeaders(request.rawHeaders).type
  return ACCEPTED_TYPES.has(type) ? type : undefined
}

/**
 * The media type (lower case, without parameters; '' when absent) and the declared Content-Length
 * (NaN when absent) of a request, from its raw header list: the first of each wins, as in Node's
 * `headers` object, which is not built for this (it parses every header on first use).
 */
export function bodyHeaders(rawHeaders: readonly string[]): { type: string; length: number } {
  let type: string | undefined
  let length: number | undefined
  for (let index = 0; index + 1 < rawHeaders.length && (type === undefined || length === undefined); index += 2) {
    const name = rawHeaders[index] as string
    // Most clients spell them in lower case or capitalised: compared as they are first, lowered only otherwise.
    if (name.length === 12 && type === undefined && (name === 'content-type' || name === 'Content-Type' || name.toLowerCase() === 'content-type')) {
      const value = rawHeaders[index + 1] as string
      type = (value === 'application/json' ? value : value.split(';', 1)[0]?.trim().toLowerCase()) ?? ''
    } else if (
      name.length === 14 &&
      length === undefined &&
      (name === 'content-length' || name === 'Content-Length' || name.toLowerCase() === 'content-length')
    ) {
      length = Number(rawHeaders[index + 1])
    }
  }
  return { type: type ?? '', length: length ?? Number.NaN }
}

/** A transport-level refusal: the HTTP status plus a JSON-RPC error body a client can still parse. */
function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code: number = ErrorCode.invalidRequest,
): void {
  const body = encodeError(null, { code, message })
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'access-control-allow-origin': '*',
  })
  response.end(body)
}
