import { boundedJson } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'
import { checkEnvelope } from '../checks/envelopeFindings.js'
import { checkBatchIds, ENVELOPE_IDS as ECHOED_IDS, idBatch } from './RPC-ENVELOPE.ids.js'
import type { Probe } from '../run/certify.js'
import type { CheckDefinition } from '../run/registry.js'
import { rpcHttp } from '../scenarios/rpcHttp.js'

/** RPC-ENVELOPE: every response is a well-formed JSON-RPC 2.0 response to its request. */
export const row = requirement({
  id: 'RPC-ENVELOPE',
  level: 'MUST',
  text: 'every response: jsonrpc "2.0", the request\'s id, exactly one of result/error; error has integer code and string message',
  section: '4.1; JSON-RPC 2.0, section 5',
})

/**
 * The request ids the envelope checks send, one of each JSON type and edge: zero (falsy), one, a
 * number past 32-bit signed, a string, the empty string (falsy). A node must echo each as it came.
 */
export const ENVELOPE_IDS: readonly (number | string)[] = [0, 1, 2 ** 31, 'l2conf-7', '']

/** A method no node serves: its answer is an error, whose envelope is judged too. */
export const UNKNOWN_METHOD = 'l2conf_noSuchMethod'

/** A notification: a request without an id. The server must not reply to it (JSON-RPC 2.0, section 4.1). */
export const NOTIFICATION = { jsonrpc: '2.0', method: 'eth_chainId', params: [] } as const

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * RPC-ENVELOPE (JSON-RPC 2.0, section 4.1: "The Server MUST NOT reply to a Notification"): a single
 * notification sent over HTTP gets an HTTP answer with no JSON-RPC response in it (204, or 200 with
 * an empty body, as geth and Anvil answer). A JSON-RPC response (a result, or an error such as
 * -32600) is a finding; so is no HTTP answer at all, as a server that hangs on a notification
 * leaves its client waiting. Anything else in the body (not JSON-RPC) says nothing of the rule.
 */
export function checkNotificationUnanswered(exchange: Exchange): Finding[] {
  if (exchange.failure !== undefined && exchange.httpStatus === undefined) {
    return [
      {
        kind: 'no-answer',
        message: `a notification (eth_chainId without an id) got no HTTP answer: ${exchange.failure.message} (${exchange.failure.code})`,
        exchange,
      },
    ]
  }
  const answered = [exchange.response].flat().find((item) => isObject(item) && item.jsonrpc === '2.0' && ('result' in item || 'error' in item))
  if (answered === undefined) return []
  return [
    {
      kind: 'envelope',
      message: `a notification (eth_chainId without an id) was answered ${boundedJson(answered, 200)}; JSON-RPC 2.0 (section 4.1) says a server must not reply to a notification`,
      exchange,
    },
  ]
}

export { checkBatchEnvelope, checkEnvelope, envelopeProblems, transportFindings } from '../checks/envelopeFindings.js'

type Send = (body: unknown) => Promise<Exchange>

/** Sends single requests with ids of each JSON type and edge value, and an unknown method (an error answer), over one transport. */
async function envelopeRound(probe: Probe, send: Send): Promise<void> {
  for (const id of ENVELOPE_IDS) {
    const exchange = await send({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id })
    probe.add(checkEnvelope(exchange, id))
  }
  const errorExchange = await send({ jsonrpc: '2.0', method: UNKNOWN_METHOD, params: [], id: 9 })
  probe.add(checkEnvelope(errorExchange, 9))
}

/** A method every node answers with a result, and one no node has (an error answer): ids must come back exactly on both paths. */
const ANSWERED = 'eth_chainId'

/** Each echoed id alone, on the result path and the error path; `inOrder` sends one at a time (a WebSocket answer then has one request it can be for). */
async function singles(probe: Probe, send: Send, inOrder: boolean): Promise<void> {
  const requests = ECHOED_IDS.flatMap((id) => [ANSWERED, UNKNOWN_METHOD].map((method) => ({ jsonrpc: '2.0', method, params: [], id })))
  if (inOrder) {
    for (const request of requests) probe.add(checkEnvelope(await send(request), request.id))
    return
  }
  const exchanges = await Promise.all(requests.map((request) => send(request)))
  exchanges.forEach((exchange, i) => probe.add(checkEnvelope(exchange, requests[i]!.id)))
}

/** Every echoed id in one batch, answered and unknown: each item must answer exactly one request, by its exact id. */
async function batches(probe: Probe, send: Send): Promise<void> {
  const sent = [idBatch(ANSWERED), idBatch(UNKNOWN_METHOD)]
  const exchanges = await Promise.all(sent.map((batch) => send(batch)))
  exchanges.forEach((exchange, i) => probe.add(checkBatchIds(exchange, sent[i]!)))
}

const idList = ECHOED_IDS.map((id) => JSON.stringify(id)).join(', ')

/** RPC-ENVELOPE's checks: every response is a well-formed JSON-RPC 2.0 response carrying the request's id exactly (same value, same JSON type). */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'envelope.http',
      title: 'HTTP responses carry jsonrpc "2.0", the request id (0, large, string, empty string) and exactly one of result/error',
      run: async (probe, context) => envelopeRound(probe, (body) => rpcHttp(context).send(body)),
    },
    {
      id: 'envelope.ws',
      title: 'WebSocket responses carry jsonrpc "2.0", the request id and exactly one of result/error',
      needs: { ws: true },
      run: async (probe, context) => {
        const ws = await context.ws()
        if (ws === null) return
        await envelopeRound(probe, (body) => ws.send(body))
      },
    },
    {
      id: 'envelope.notification',
      title: 'a single notification (a request without an id) over HTTP gets no JSON-RPC response (JSON-RPC 2.0, section 4.1)',
      run: async (probe, context) => {
        probe.add(checkNotificationUnanswered(await rpcHttp(context).send(NOTIFICATION)))
      },
    },
    {
      id: 'envelope.ids.http',
      title: `HTTP: each id (${idList}) comes back exactly, on a result and on an error`,
      run: async (probe, context) => singles(probe, (body) => context.http!.send(body), false),
    },
    {
      id: 'envelope.ids.http-batch',
      title: 'HTTP: the same ids inside a batch come back exactly, one answer each',
      run: async (probe, context) => batches(probe, (body) => context.http!.send(body)),
    },
    {
      id: 'envelope.ids.ws',
      title: 'WebSocket: each id comes back exactly, on a result and on an error',
      needs: { ws: true },
      // One request in flight at a time.
      chain: 15,
      run: async (probe, context) => {
        // A connection of its own: with one request in flight, an answer whose id is mangled is still known to be its answer.
        const ws = await context.openWs()
        try {
          await singles(probe, (body) => ws.send(body), true)
        } finally {
          await ws.close()
        }
      },
    },
    {
      id: 'envelope.ids.ws-batch',
      title: 'WebSocket: the same ids inside a batch come back exactly, one answer each',
      needs: { ws: true },
      run: async (probe, context) => {
        const ws = await context.ws()
        if (ws !== null) await batches(probe, (body) => ws.send(body))
      },
    },
  ]
}
