import { batchItem } from '../checks/envelopeFindings.js'
import { checkExampleBatch, type BatchCall } from '../checks/exampleBatch.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Probe } from '../run/certify.js'
import type { RunContext } from '../run/runContext.js'
import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Exchange } from '../transport/exchange.js'
import { readOnlyStandardMethods } from './methodKinds.js'
import { namedChainData, unheldChainData } from './unheldChainData.js'

/**
 * Every example call of the read-only standard methods, in one batch (ids 1, 2, ...): the batch RPC-HTTP
 * and RPC-WS send (each item answered as the schema says), and so the largest batch and body of the
 * suite, which LIMITS holds a measured limit to.
 */
export function examplesBatch(openrpc: OpenRpcSpec): BatchCall[] {
  return readOnlyStandardMethods(openrpc)
    .flatMap((method) =>
      method.examples.map((example) => ({
        validate: method.result.validate,
        request: { jsonrpc: '2.0' as const, method: method.name, params: example.params, id: 0 },
      })),
    )
    .map((call, i) => ({ ...call, request: { ...call.request, id: i + 1 } }))
}

/**
 * The batch's answer judged per item, as the examples check judges each call alone: an item that
 * answers null where the schema wants a value, for an example naming what the target does not hold
 * (a block or transaction of another chain), is noted, not charged to the node.
 */
export async function judgeExamplesBatch(probe: Probe, context: RunContext, calls: readonly BatchCall[], exchange: Exchange): Promise<void> {
  const judged = await Promise.all(
    calls.map(async (call) => {
      const item = outcomeOf({ ...exchange, response: batchItem(exchange, call.request.id) })
      if (item.kind !== 'result' || item.value !== null || call.validate(null).length === 0) return call
      const method = context.openrpc.method(call.request.method)!
      const params = Array.isArray(call.request.params) ? (call.request.params as unknown[]) : []
      const unheld = await unheldChainData(context, namedChainData(method, params), method.name)
      if (unheld.length === 0) return call
      probe.note(`${call.request.method} inside a batch answered null: its example names what the target does not hold (${unheld.join('; ')})`)
      return { ...call, validate: () => [] }
    }),
  )
  probe.add(checkExampleBatch(exchange, judged))
}
