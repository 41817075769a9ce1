import { checkEnvelope } from '../harness/checks/envelopeFindings.js'
import { checkBatchIds, ENVELOPE_IDS, idBatch } from '../harness/checks/envelopeIds.js'
import type { Probe } from '../harness/run/certify.js'
import { defineSuite } from '../harness/run/registry.js'
import type { Exchange } from '../harness/transport/exchange.js'

/** A method every node answers with a result, and one no node has (an error answer): ids must come back exactly on both paths. */
const ANSWERED = 'eth_chainId'
const UNKNOWN = 'l2conf_noSuchMethod'

type Send = (body: unknown) => Promise<Exchange>

/** Each id alone, on the result path and the error path; `inOrder` sends one at a time (a WebSocket answer then has one request it can be for). */
async function singles(probe: Probe, send: Send, inOrder: boolean): Promise<void> {
  const requests = ENVELOPE_IDS.flatMap((id) => [ANSWERED, UNKNOWN].map((method) => ({ jsonrpc: '2.0', method, params: [], id })))
  if (inOrder) {
    for (const request of requests) probe.add(checkEnvelope(await send(request), request.id))
    return
  }
  const exchanges = await Promise.all(requests.map((request) => send(request)))
  exchanges.forEach((exchange, i) => probe.add(checkEnvelope(exchange, requests[i]!.id)))
}

/** Every id in one batch, answered and unknown: each item must answer exactly one request, by its exact id. */
async function batches(probe: Probe, send: Send): Promise<void> {
  const sent = [idBatch(ANSWERED), idBatch(UNKNOWN)]
  const exchanges = await Promise.all(sent.map((batch) => send(batch)))
  exchanges.forEach((exchange, i) => probe.add(checkBatchIds(exchange, sent[i]!)))
}

const idList = ENVELOPE_IDS.map((id) => JSON.stringify(id)).join(', ')

export default defineSuite('envelopeIds', (check) => {
  // RPC-ENVELOPE: the response carries the request id exactly (same value, same JSON type)
  check(
    { id: 'envelope.ids.http', requirement: 'RPC-ENVELOPE', title: `HTTP: each id (${idList}) comes back exactly, on a result and on an error` },
    {},
    async (probe, context) => singles(probe, (body) => context.http!.send(body), false),
  )
  check(
    { id: 'envelope.ids.http-batch', requirement: 'RPC-ENVELOPE', title: 'HTTP: the same ids inside a batch come back exactly, one answer each' },
    {},
    async (probe, context) => batches(probe, (body) => context.http!.send(body)),
  )
  check(
    { id: 'envelope.ids.ws', requirement: 'RPC-ENVELOPE', title: 'WebSocket: each id comes back exactly, on a result and on an error' },
    { ws: true },
    async (probe, context) => {
      // A connection of its own: with one request in flight, an answer whose id is mangled is still known to be its answer.
      const ws = await context.openWs()
      try {
        await singles(probe, (body) => ws.send(body), true)
      } finally {
        await ws.close()
      }
    },
  )
  check(
    { id: 'envelope.ids.ws-batch', requirement: 'RPC-ENVELOPE', title: 'WebSocket: the same ids inside a batch come back exactly, one answer each' },
    { ws: true },
    async (probe, context) => {
      const ws = await context.ws()
      if (ws !== null) await batches(probe, (body) => ws.send(body))
    },
  )
})
