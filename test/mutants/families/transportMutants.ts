import type { MutantDefinition } from '../mutant.js'
import { errorAnswer, errorCode, isObject, mapResult } from '../rpcMessage.js'

/** Broken variants of the JSON-RPC envelope and transports: RPC-ENVELOPE, RPC-HTTP, RPC-WS. */
export const transportMutants: MutantDefinition[] = [
  {
    name: 'envelope-falsy-id-null',
    requirement: 'RPC-ENVELOPE',
    description: 'answers requests whose id is 0 or "" with id null (an `id || null` slip), over HTTP and WebSocket',
    // Over WebSocket the client never sees an answer to its id and waits for its time-out.
    runArgs: ['--timeout', '3000'],
    create: () => ({
      response: (call, response) => ((call.id === 0 || call.id === '') && isObject(response) ? { ...response, id: null } : response),
    }),
  },
  {
    name: 'envelope-error-without-jsonrpc',
    requirement: 'RPC-ENVELOPE',
    description: 'method-not-found errors to single requests leave out "jsonrpc": "2.0" (a hand-written error path)',
    create: () => ({
      response(call, response) {
        if (call.inBatch || errorCode(response) !== -32601 || !isObject(response)) return response
        const { jsonrpc: _dropped, ...rest } = response
        return rest
      },
    }),
  },
  {
    name: 'http-notification-answered',
    requirement: 'RPC-HTTP',
    description: 'answers a notification inside an HTTP batch with an item (id null) instead of nothing',
    create: () => ({
      request: (call) => (call.transport === 'http' && call.inBatch && call.notification ? { answer: { jsonrpc: '2.0', id: null, result: null } } : undefined),
    }),
  },
  {
    name: 'envelope-notification-answered',
    requirement: 'RPC-ENVELOPE',
    description: 'answers a single notification over HTTP with an error -32600 (id null), as if a request without an id were invalid',
    create: () => ({
      request: (call) =>
        call.transport === 'http' && !call.inBatch && call.notification
          ? { answer: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } } }
          : undefined,
    }),
  },
  {
    name: 'http-batch-truncated',
    requirement: 'RPC-HTTP',
    description: 'HTTP batches of more than 8 requests are answered for the first 8 only (a gateway limit applied silently)',
    create: () => ({ batch: (items, transport) => (transport === 'http' && items.length > 8 ? items.slice(0, 8) : items) }),
  },
  {
    name: 'http-text-plain',
    requirement: 'RPC-HTTP',
    description: 'labels every JSON-RPC answer over HTTP text/plain instead of application/json',
    create: () => ({ http: (answer) => ({ ...answer, headers: { ...answer.headers, 'content-type': 'text/plain; charset=utf-8' } }) }),
  },
  {
    name: 'ws-net-version-off-by-one',
    requirement: 'RPC-WS',
    description: 'net_version over WebSocket answers the network id plus one (a separate WebSocket handler with its own config)',
    create: () => ({
      response: (call, response) =>
        call.transport === 'ws' && !call.inBatch && call.method === 'net_version'
          ? mapResult(response, (v) => (typeof v === 'string' && /^\d+$/.test(v) ? String(BigInt(v) + 1n) : v))
          : response,
    }),
  },
  {
    name: 'ws-method-missing',
    requirement: 'RPC-WS',
    description: 'eth_getCode is not registered on the WebSocket endpoint: -32601 there, a result over HTTP',
    create: () => ({
      request: (call) =>
        call.transport === 'ws' && call.method === 'eth_getCode'
          ? { answer: errorAnswer(call.id, -32601, 'the method eth_getCode does not exist/is not available') }
          : undefined,
    }),
  },
  {
    name: 'ws-batch-refused',
    requirement: 'RPC-WS',
    description: 'batches over WebSocket are refused with one -32600 error (batches work over HTTP only)',
    create: () => ({
      batchRequest: (_batch, transport) =>
        transport === 'ws' ? { answer: errorAnswer(null, -32600, 'batch requests are not supported over WebSocket') } : undefined,
    }),
  },
]
