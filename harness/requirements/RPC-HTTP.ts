import { boundedJson } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import { firstDifference } from '../checks/firstDifference.js'
import { checkResult } from '../checks/outcomeFindings.js'
import type { Exchange } from '../transport/exchange.js'
import { UNKNOWN_METHOD } from './RPC-ENVELOPE.js'
import { requirement } from './requirement.js'
import { batchItem, checkBatchEnvelope } from '../checks/envelopeFindings.js'
import type { CheckDefinition } from '../run/registry.js'
import { rpcHttp } from '../scenarios/rpcHttp.js'
import type { DeclarationScope } from '../run/registry.js'
import { examplesBatch, judgeExamplesBatch } from '../scenarios/examplesBatch.js'

/** RPC-HTTP: JSON-RPC over HTTP POST, single calls and batches. */
export const row = requirement({
  id: 'RPC-HTTP',
  level: 'MUST',
  text: 'HTTP POST with a JSON body works; batch requests answered per item',
  section: '4.1; JSON-RPC 2.0, section 6',
})

/** The calls of the batch check: ids of both JSON types, a call that errors, one with params. */
export const BATCH_CALLS = [
  { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 },
  { jsonrpc: '2.0', method: 'net_version', params: [], id: 'two' },
  { jsonrpc: '2.0', method: UNKNOWN_METHOD, params: [], id: 3 },
  { jsonrpc: '2.0', method: 'eth_getBlockByNumber', params: ['0x0', false], id: 4 },
] as const

/** A batch of a notification (no id: no answer) and a call beside it (id 7: one answer). */
export const NOTIFICATION_BATCH: ReadonlyArray<{ jsonrpc: '2.0'; method: string; params: []; id?: number }> = [
  { jsonrpc: '2.0', method: 'eth_chainId', params: [] },
  { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 7 },
]

const anyResult = (): [] => []

/** A response object, or an empty one for anything else (a judge reads any JSON without throwing). */
const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** A plain POST of eth_chainId: HTTP 200, a JSON content type, a result. */
export function checkHttpPost(exchange: Exchange): Finding[] {
  const findings: Finding[] = []
  if (exchange.httpStatus !== 200)
    findings.push({
      kind: 'wrong-http-status',
      message: `HTTP status ${exchange.httpStatus ?? 'none'}, expected 200`,
      exchange,
      expected: 200,
      got: exchange.httpStatus,
    })
  const type = exchange.headers?.['content-type'] ?? ''
  if (!/^application\/json\b/i.test(type))
    findings.push({
      kind: 'wrong-content-type',
      message: `content type ${JSON.stringify(type)}, expected application/json`,
      exchange,
      expected: 'application/json',
      got: type,
    })
  findings.push(...checkResult(exchange, anyResult, 'eth_chainId').findings)
  return findings
}

/**
 * A call answers inside a batch as it does alone: the same result, or (for the unknown method) an
 * error both times. `item` is the batch's answer to the call, `alone` the single call's whole response.
 */
export function checkSameInBatch(batch: Exchange, method: string, item: unknown, alone: unknown): Finding[] {
  const inBatch = asObject(item)
  const single = asObject(alone)
  const same =
    method === UNKNOWN_METHOD ? Object.hasOwn(inBatch, 'error') === Object.hasOwn(single, 'error') : firstDifference(inBatch.result, single.result) === null
  if (same) return []
  return [
    {
      kind: 'inconsistent',
      message: `${method} answers differently inside a batch (${boundedJson(item, 120)}) and alone (${boundedJson(alone, 120)})`,
      exchange: batch,
    },
  ]
}

/** RPC-HTTP's checks: HTTP POST with a JSON body works; batches are answered per item. */
export function checks({ openrpc }: DeclarationScope): CheckDefinition[] {
  const examples = examplesBatch(openrpc)
  return [
    {
      id: 'http.post',
      title: 'a POST with a JSON body is answered 200 with a JSON result',
      run: async (probe, context) => probe.add(checkHttpPost(await rpcHttp(context).call('eth_chainId', []))),
    },
    {
      id: 'http.batch',
      title: 'a batch is answered with one response per request, matched by id, each as the single call answers',
      run: async (probe, context) => {
        const batch = await rpcHttp(context).send(BATCH_CALLS)
        const findings = checkBatchEnvelope(batch, BATCH_CALLS)
        probe.add(findings)
        if (findings.length > 0) return
        for (const call of BATCH_CALLS) {
          const single = await rpcHttp(context).send({ ...call, id: 100 })
          probe.add(checkSameInBatch(batch, call.method, batchItem(batch, call.id), single.response))
        }
      },
    },
    {
      id: 'http.batch-notification',
      title: 'a notification inside a batch gets no response item; the call beside it does',
      run: async (probe, context) => {
        probe.add(checkBatchEnvelope(await rpcHttp(context).send(NOTIFICATION_BATCH), NOTIFICATION_BATCH))
      },
    },
    {
      id: 'http.batch.examples',
      title: `a batch of every example call (${examples.length}) is answered per item, each result valid`,
      run: async (probe, context) => judgeExamplesBatch(probe, context, examples, await context.http!.send(examples.map((call) => call.request))),
    },
  ]
}
