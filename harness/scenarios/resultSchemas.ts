import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Validate } from '../spec/validationIssue.js'

/**
 * Schemas the suites judge parts of answers by, read from where the spec uses them (a method's
 * result) rather than by the names its components happen to have: a spec written elsewhere names
 * its schemas its own way.
 */

/** The schema of one block of eth_getBlockRange's result (its `items`), or undefined when the spec gives none. */
export function rangeBlockValidator(openrpc: OpenRpcSpec): Validate | undefined {
  const pointer = openrpc.method('eth_getBlockRange')?.result.pointer
  return pointer === undefined ? undefined : openrpc.schemaAt(`${pointer}/items`)?.validate
}

/**
 * A transaction as the spec describes one: the result of eth_getTransactionByHash, less its "not
 * found" (null) alternative; undefined when the spec has no such method or its result has no one
 * alternative that is a transaction.
 */
export function transactionValidator(openrpc: OpenRpcSpec): Validate | undefined {
  const pointer = openrpc.method('eth_getTransactionByHash')?.result.pointer
  if (pointer === undefined) return undefined
  const schema = openrpc.schemaAt(pointer)
  if (schema === undefined) return undefined
  const acceptsNull = (validate: Validate): boolean => validate(null).length === 0
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema.schema[keyword as keyof typeof schema.schema] as unknown
    if (!Array.isArray(branches)) continue
    const objects = branches
      .map((_, i) => openrpc.schemaAt(`${pointer}/${keyword}/${i}`)?.validate)
      .filter((v): v is Validate => v !== undefined && !acceptsNull(v))
    return objects.length === 1 ? objects[0] : undefined
  }
  return acceptsNull(schema.validate) ? undefined : schema.validate
}
