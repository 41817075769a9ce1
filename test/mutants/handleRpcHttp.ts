import type { IncomingMessage, ServerResponse } from 'node:http'
import { request, type Dispatcher } from 'undici'
import { answerRpc, type Forward } from './answerRpc.js'
import { endToEndHeaders, readRequestBody } from './httpForwarding.js'
import type { HttpAnswer, MutantHooks } from './mutant.js'

export interface RpcHttpContext {
  hooks: MutantHooks
  /** The target's JSON-RPC HTTP address. */
  upstream: URL
  dispatcher: Dispatcher
  /** Never resolves; rejects when the client goes or the proxy stops (a hanging mutant's request). */
  hang: () => Promise<never>
}

const hasRpcHooks = (hooks: MutantHooks): boolean =>
  hooks.request !== undefined || hooks.response !== undefined || hooks.batch !== undefined || hooks.batchRequest !== undefined || hooks.malformed !== undefined

function send(response: ServerResponse, answer: HttpAnswer, head: boolean): void {
  const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) }
  response.writeHead(answer.status, headers)
  response.end(head ? undefined : answer.body)
}

/**
 * JSON-RPC over HTTP through a mutant (interface spec 4.1): the client's request goes to the target
 * with its method and content type unchanged (so the target's HTTP behaviour shows through), the
 * JSON-RPC body through the mutant's hooks, and the answer back through the `http` hook.
 */
export async function handleRpcHttp(incoming: IncomingMessage, response: ServerResponse, context: RpcHttpContext): Promise<void> {
  const { hooks } = context
  const method = incoming.method ?? 'GET'
  const body = await readRequestBody(incoming)
  if (body === null) {
    send(response, { status: 413, headers: { 'content-type': 'application/json' }, body: '{"error":"the mutant proxy reads at most 64 MiB"}' }, false)
    return
  }
  const headers = endToEndHeaders(incoming.headers)
  let status = 200
  let answerHeaders: Record<string, string> = { 'content-type': 'application/json' }
  const ask = async (payload: string | Buffer | null): Promise<string> => {
    const upstream = await request(context.upstream, { method: method as Dispatcher.HttpMethod, headers, body: payload, dispatcher: context.dispatcher })
    const text = await upstream.body.text()
    status = upstream.statusCode
    answerHeaders = endToEndHeaders(upstream.headers)
    return text
  }
  const finish = (text: string): void => {
    const answer: HttpAnswer = { status, headers: answerHeaders, body: text }
    send(response, hooks.http === undefined ? answer : hooks.http(answer), method === 'HEAD')
  }

  const text = body.toString('utf8')
  let parsed: unknown
  let isJson = false
  if (method === 'POST' && hasRpcHooks(hooks)) {
    try {
      parsed = JSON.parse(text)
      isJson = true
    } catch {
      isJson = false
    }
  }
  if (!isJson) {
    const answer = await ask(method === 'GET' || method === 'HEAD' ? null : body)
    if (method === 'POST' && hooks.malformed !== undefined) {
      try {
        finish(JSON.stringify(hooks.malformed(JSON.parse(answer), 'http')))
        return
      } catch {
        // not JSON either way: passed on as it came
      }
    }
    finish(answer)
    return
  }
  const forward: Forward = async (value, original) => {
    const answer = await ask(original ?? JSON.stringify(value))
    let json: unknown
    try {
      json = answer === '' ? undefined : JSON.parse(answer)
    } catch {
      json = undefined
    }
    return { text: answer, json }
  }
  const outcome = await answerRpc(parsed, text, hooks, 'http', forward, context.hang)
  if (outcome.kind === 'upstream') finish(outcome.answer.text)
  else if (outcome.kind === 'none') finish('')
  else {
    answerHeaders['content-type'] ??= 'application/json'
    finish(JSON.stringify(outcome.value))
  }
}
