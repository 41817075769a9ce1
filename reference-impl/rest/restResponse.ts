import type { ServerResponse } from 'node:http'

/** The `code` of openapi.yaml's `Error` body, one per status the service answers with. */
export type RestErrorCode = 'BAD_REQUEST' | 'NOT_FOUND' | 'METHOD_NOT_ALLOWED' | 'INTERNAL_ERROR' | 'UPSTREAM_UNAVAILABLE'

/** The methods every path answers. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS'

const COMMON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
} as const

/** A 200 with a JSON body: public, cacheable for a minute; HEAD gets the headers only. */
export function sendJson(response: ServerResponse, body: unknown, headOnly: boolean): void {
  const text = JSON.stringify(body)
  response.writeHead(200, { ...COMMON_HEADERS, 'cache-control': 'public, max-age=60', 'content-length': Buffer.byteLength(text) })
  response.end(headOnly ? undefined : text)
}

/** openapi.yaml `Error`: {success: false, statusCode, code, message}; never cached, never a stack trace. */
export function sendError(
  response: ServerResponse,
  statusCode: number,
  code: RestErrorCode,
  message: string,
  headOnly: boolean,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify({ success: false, statusCode, code, message })
  response.writeHead(statusCode, { ...COMMON_HEADERS, ...headers, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) })
  response.end(headOnly ? undefined : text)
}

/** The CORS preflight answer: 204, no body. */
export function sendPreflight(response: ServerResponse): void {
  response.writeHead(204, {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-allow-headers': 'Content-Type, Accept',
    'access-control-max-age': '86400',
    allow: ALLOWED_METHODS,
  })
  response.end()
}
