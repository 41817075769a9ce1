import type { IncomingMessage, ServerResponse } from 'node:http'
import { request, type Dispatcher } from 'undici'
import { endToEndHeaders, readRequestBody } from './httpForwarding.js'
import type { MutantHooks, RestRequest, RestResponse } from './mutant.js'

export interface RestContext {
  hooks: MutantHooks
  /** The target's REST base address (ending in /api). */
  upstream: URL
  dispatcher: Dispatcher
}

/**
 * The treasury REST API through a mutant (interface spec 4.4): `path` (relative to the REST base) and
 * the query go to the target's base, method, headers and body unchanged; the `rest` hook sees the
 * request and decides what the client gets.
 */
export async function handleRest(incoming: IncomingMessage, response: ServerResponse, path: string, search: string, context: RestContext): Promise<void> {
  const method = incoming.method ?? 'GET'
  const body = await readRequestBody(incoming)
  if (body === null) {
    response.writeHead(413, { 'content-type': 'application/json' }).end('{"error":"the mutant proxy reads at most 64 MiB"}')
    return
  }
  const headers = endToEndHeaders(incoming.headers)
  const base = context.upstream.pathname.replace(/\/+$/, '')
  const target = new URL(`${base}${path}${search}`, context.upstream)
  const forward = async (): Promise<RestResponse> => {
    const upstream = await request(target, {
      method: method as Dispatcher.HttpMethod,
      headers,
      body: body.length === 0 ? null : body,
      dispatcher: context.dispatcher,
    })
    const bytes = Buffer.from(await upstream.body.arrayBuffer())
    const answerHeaders = endToEndHeaders(upstream.headers)
    // A HEAD answer announces the length of the GET body it stands for: keep the target's.
    const length = upstream.headers['content-length']
    if (method === 'HEAD' && typeof length === 'string') answerHeaders['content-length'] = length
    return { status: upstream.statusCode, headers: answerHeaders, body: bytes }
  }
  const restRequest: RestRequest = { method, path, query: new URLSearchParams(search), headers }
  const answer = context.hooks.rest === undefined ? await forward() : await context.hooks.rest(restRequest, forward)
  const out = { ...answer.headers }
  if (method !== 'HEAD' || out['content-length'] === undefined) out['content-length'] = String(answer.body.length)
  response.writeHead(answer.status, out)
  response.end(method === 'HEAD' ? undefined : answer.body)
}
