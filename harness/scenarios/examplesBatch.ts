import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Validate } from '../spec/validationIssue.js'
import { readOnlyStandardMethods } from './methodKinds.js'

/** One call of the examples batch: the request, and the schema its result is judged by. */
export interface ExampleCall {
  request: { jsonrpc: '2.0'; method: string; params: unknown; id: number }
  validate: Validate
}

/**
 * Every example call of the read-only standard methods, in one batch (ids 1, 2, ...): the batch RPC-HTTP
 * and RPC-WS send (each item answered as the schema says), and so the largest batch and body of the
 * suite, which LIMITS holds a measured limit to.
 */
export function examplesBatch(openrpc: OpenRpcSpec): ExampleCall[] {
  return readOnlyStandardMethods(openrpc)
    .flatMap((method) =>
      method.examples.map((example) => ({
        validate: method.result.validate,
        request: { jsonrpc: '2.0' as const, method: method.name, params: example.params, id: 0 },
      })),
    )
    .map((call, i) => ({ ...call, request: { ...call.request, id: i + 1 } }))
}
