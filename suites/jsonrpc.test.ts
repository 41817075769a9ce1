import { describe } from 'vitest'
import { batchItem, checkBatchEnvelope, checkEnvelope } from '../harness/checks/envelopeFindings.js'
import { checkIsError, checkResult } from '../harness/checks/outcomeFindings.js'
import { check } from '../harness/run/check.js'
import type { RunContext } from '../harness/run/runContext.js'
import type { Probe } from '../harness/run/certify.js'
import type { Exchange } from '../harness/transport/exchange.js'

const anyResult = (): [] => []

/** Sends single requests with ids of each JSON type and edge value, and an unknown method (an error answer). */
async function envelopeRound(probe: Probe, send: (body: unknown) => Promise<Exchange>): Promise<void> {
  for (const id of [0, 1, 2 ** 31, 'l2conf-7', '']) {
    const exchange = await send({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id })
    probe.add(checkEnvelope(exchange, id))
  }
  const errorExchange = await send({ jsonrpc: '2.0', method: 'l2conf_noSuchMethod', params: [], id: 9 })
  probe.add(checkEnvelope(errorExchange, 9))
}

function http(context: RunContext): NonNullable<RunContext['http']> {
  if (context.http === null) throw new Error('the run has no --rpc address')
  return context.http
}

describe('RPC-ENVELOPE: every response is a well-formed JSON-RPC 2.0 response', () => {
  check(
    { id: 'envelope.http', requirement: 'RPC-ENVELOPE', title: 'HTTP responses carry jsonrpc "2.0", the request id (0, large, string, empty string) and exactly one of result/error' },
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
})

describe('RPC-HTTP: HTTP POST with a JSON body works; batches are answered per item', () => {
  check(
    { id: 'http.post', requirement: 'RPC-HTTP', title: 'a POST with a JSON body is answered 200 with a JSON result' },
    {},
    async (probe, context) => {
      const exchange = await http(context).call('eth_chainId', [])
      if (exchange.httpStatus !== 200) probe.fail(`HTTP status ${exchange.httpStatus ?? 'none'}, expected 200`, exchange)
      const type = exchange.headers?.['content-type'] ?? ''
      if (!/^application\/json\b/i.test(type)) probe.fail(`content type ${JSON.stringify(type)}, expected application/json`, exchange)
      probe.add(checkResult(exchange, anyResult, 'eth_chainId').findings)
    },
  )
  check(
    { id: 'http.batch', requirement: 'RPC-HTTP', title: 'a batch is answered with one response per request, matched by id, each as the single call answers' },
    {},
    async (probe, context) => {
      const calls = [
        { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 },
        { jsonrpc: '2.0', method: 'net_version', params: [], id: 'two' },
        { jsonrpc: '2.0', method: 'l2conf_noSuchMethod', params: [], id: 3 },
        { jsonrpc: '2.0', method: 'eth_getBlockByNumber', params: ['0x0', false], id: 4 },
      ]
      const batch = await http(context).send(calls)
      const findings = checkBatchEnvelope(batch, calls)
      probe.add(findings)
      if (findings.length > 0) return
      for (const call of calls) {
        const single = await http(context).send({ ...call, id: 100 })
        const item = batchItem(batch, call.id) as Record<string, unknown>
        const alone = single.response as Record<string, unknown>
        const same = call.method === 'l2conf_noSuchMethod' ? 'error' in item === 'error' in alone : JSON.stringify(item.result) === JSON.stringify(alone.result)
        if (!same) probe.fail(`${call.method} answers differently inside a batch (${JSON.stringify(item).slice(0, 120)}) and alone (${JSON.stringify(alone).slice(0, 120)})`, batch)
      }
    },
  )
  check(
    { id: 'http.batch-notification', requirement: 'RPC-HTTP', title: 'a notification inside a batch gets no response item; the call beside it does' },
    {},
    async (probe, context) => {
      const calls = [{ jsonrpc: '2.0', method: 'eth_chainId', params: [] }, { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 7 }]
      probe.add(checkBatchEnvelope(await http(context).send(calls), calls))
    },
  )
})

describe('RPC-ERRORS: JSON-RPC 2.0 error codes where the specification names one', () => {
  check(
    { id: 'errors.parse', requirement: 'RPC-ERRORS', title: 'malformed JSON is answered -32700' },
    {},
    async (probe, context) => {
      const exchange = await http(context).sendRaw('{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1')
      probe.add(checkIsError(exchange, 'malformed JSON', [-32700]))
    },
  )
  check(
    { id: 'errors.invalid-request', requirement: 'RPC-ERRORS', title: 'a request without a method, and an empty batch, are answered -32600' },
    {},
    async (probe, context) => {
      probe.add(checkIsError(await http(context).send({ jsonrpc: '2.0', id: 1 }), 'a request without a method', [-32600]))
      probe.add(checkIsError(await http(context).send([]), 'an empty batch', [-32600]))
    },
  )
  check(
    { id: 'errors.unknown-method', requirement: 'RPC-ERRORS', title: 'an unknown method is answered -32601' },
    {},
    async (probe, context) => {
      probe.add(checkIsError(await http(context).call('l2conf_noSuchMethod', []), 'an unknown method', [-32601]))
    },
  )
  check(
    { id: 'errors.invalid-params', requirement: 'RPC-ERRORS', title: 'params of the wrong type or encoding are answered -32602' },
    {},
    async (probe, context) => {
      probe.add(checkIsError(await http(context).call('eth_getBlockByNumber', ['0xZZ', false]), 'a block number that is not hex', [-32602]))
      probe.add(checkIsError(await http(context).call('eth_getBalance', ['0x1234', 'latest']), 'a 2-byte address', [-32602]))
    },
  )
})
