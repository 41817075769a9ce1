import { batchItem } from '../harness/checks/envelopeFindings.js'
import { defineSuite } from '../harness/run/registry.js'
import type { RunContext } from '../harness/run/runContext.js'
import type { Probe } from '../harness/run/certify.js'
import type { Exchange } from '../harness/transport/exchange.js'
import {
  checkBatchEnvelope,
  checkEnvelope,
  checkNotificationUnanswered,
  ENVELOPE_IDS,
  NOTIFICATION,
  UNKNOWN_METHOD,
} from '../harness/requirements/RPC-ENVELOPE.js'
import { BATCH_CALLS, checkHttpPost, checkSameInBatch, NOTIFICATION_BATCH } from '../harness/requirements/RPC-HTTP.js'
import {
  checkIsError,
  INVALID_PARAMS,
  INVALID_PARAMS_CALLS,
  INVALID_REQUEST,
  MALFORMED_JSON,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
} from '../harness/requirements/RPC-ERRORS.js'

/** Sends single requests with ids of each JSON type and edge value, and an unknown method (an error answer), over one transport. */
async function envelopeRound(probe: Probe, send: (body: unknown) => Promise<Exchange>): Promise<void> {
  for (const id of ENVELOPE_IDS) {
    const exchange = await send({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id })
    probe.add(checkEnvelope(exchange, id))
  }
  const errorExchange = await send({ jsonrpc: '2.0', method: UNKNOWN_METHOD, params: [], id: 9 })
  probe.add(checkEnvelope(errorExchange, 9))
}

function http(context: RunContext): NonNullable<RunContext['http']> {
  if (context.http === null) throw new Error('the run has no --rpc address')
  return context.http
}

export default defineSuite('jsonrpc', (check) => {
  // RPC-ENVELOPE: every response is a well-formed JSON-RPC 2.0 response
  check(
    {
      id: 'envelope.http',
      requirement: 'RPC-ENVELOPE',
      title: 'HTTP responses carry jsonrpc "2.0", the request id (0, large, string, empty string) and exactly one of result/error',
    },
    {},
    async (probe, context) => envelopeRound(probe, (body) => http(context).send(body)),
  )
  check(
    { id: 'envelope.ws', requirement: 'RPC-ENVELOPE', title: 'WebSocket responses carry jsonrpc "2.0", the request id and exactly one of result/error' },
    { ws: true },
    async (probe, context) => {
      const ws = await context.ws()
      if (ws === null) return
      await envelopeRound(probe, (body) => ws.send(body))
    },
  )

  // RPC-HTTP: HTTP POST with a JSON body works; batches are answered per item
  check({ id: 'http.post', requirement: 'RPC-HTTP', title: 'a POST with a JSON body is answered 200 with a JSON result' }, {}, async (probe, context) =>
    probe.add(checkHttpPost(await http(context).call('eth_chainId', []))),
  )
  check(
    { id: 'http.batch', requirement: 'RPC-HTTP', title: 'a batch is answered with one response per request, matched by id, each as the single call answers' },
    {},
    async (probe, context) => {
      const batch = await http(context).send(BATCH_CALLS)
      const findings = checkBatchEnvelope(batch, BATCH_CALLS)
      probe.add(findings)
      if (findings.length > 0) return
      for (const call of BATCH_CALLS) {
        const single = await http(context).send({ ...call, id: 100 })
        probe.add(checkSameInBatch(batch, call.method, batchItem(batch, call.id), single.response))
      }
    },
  )
  check(
    { id: 'http.batch-notification', requirement: 'RPC-HTTP', title: 'a notification inside a batch gets no response item; the call beside it does' },
    {},
    async (probe, context) => {
      probe.add(checkBatchEnvelope(await http(context).send(NOTIFICATION_BATCH), NOTIFICATION_BATCH))
    },
  )

  check(
    {
      id: 'envelope.notification',
      requirement: 'RPC-ENVELOPE',
      title: 'a single notification (a request without an id) over HTTP gets no JSON-RPC response (JSON-RPC 2.0, section 4.1)',
    },
    {},
    async (probe, context) => {
      probe.add(checkNotificationUnanswered(await http(context).send(NOTIFICATION)))
    },
  )

  // RPC-ERRORS: JSON-RPC 2.0 error codes where the specification names one
  check({ id: 'errors.parse', requirement: 'RPC-ERRORS', title: 'malformed JSON is answered -32700' }, {}, async (probe, context) => {
    probe.add(checkIsError(await http(context).sendRaw(MALFORMED_JSON), 'malformed JSON', [PARSE_ERROR]))
  })
  check(
    { id: 'errors.invalid-request', requirement: 'RPC-ERRORS', title: 'a request without a method, and an empty batch, are answered -32600' },
    {},
    async (probe, context) => {
      probe.add(checkIsError(await http(context).send({ jsonrpc: '2.0', id: 1 }), 'a request without a method', [INVALID_REQUEST]))
      probe.add(checkIsError(await http(context).send([]), 'an empty batch', [INVALID_REQUEST]))
    },
  )
  check({ id: 'errors.unknown-method', requirement: 'RPC-ERRORS', title: 'an unknown method is answered -32601' }, {}, async (probe, context) => {
    probe.add(checkIsError(await http(context).call(UNKNOWN_METHOD, []), 'an unknown method', [METHOD_NOT_FOUND]))
  })
  check(
    { id: 'errors.invalid-params', requirement: 'RPC-ERRORS', title: 'params of the wrong type or encoding are answered -32602' },
    {},
    async (probe, context) => {
      for (const [why, method, params] of INVALID_PARAMS_CALLS) probe.add(checkIsError(await http(context).call(method, [...params]), why, [INVALID_PARAMS]))
    },
  )
})
