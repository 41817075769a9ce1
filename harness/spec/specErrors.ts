import type { OpenRpcSpec } from './loadOpenRpc.js'

/** An error openrpc.json names for a call: its code, and the data it carries (if the spec shows any). */
export interface SpecError {
  code: number
  data?: unknown
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

function methodObject(spec: OpenRpcSpec, name: string): Json | undefined {
  const methods = (spec.document as { methods?: unknown[] }).methods ?? []
  return methods.find((m): m is Json => isObject(m) && m['name'] === name)
}

function asSpecError(value: unknown): SpecError | null {
  if (!isObject(value) || typeof value['code'] !== 'number' || !Number.isInteger(value['code'])) return null
  return Object.hasOwn(value, 'data') ? { code: value['code'], data: value['data'] } : { code: value['code'] }
}

/**
 * The examples of `method` whose answer is an error (`x-error` on the example pairing, e.g. the
 * blocked methods' -32601 with `data.blocked`), with their params in order.
 */
export function exampleErrors(spec: OpenRpcSpec, method: string): Array<{ example: string; params: unknown[]; error: SpecError }> {
  const examples = methodObject(spec, method)?.['examples']
  const params = new Map((spec.method(method)?.examples ?? []).map((e) => [e.name, e.params]))
  if (!Array.isArray(examples)) return []
  return examples.flatMap((example) => {
    if (!isObject(example) || typeof example['name'] !== 'string') return []
    const error = asSpecError(example['x-error'])
    return error === null ? [] : [{ example: example['name'], params: params.get(example['name']) ?? [], error }]
  })
}

/** The error `method` answers past the limit `limit` of `info.x-limits` (the method's `x-limit-errors`), or null when the spec names none. */
export function limitError(spec: OpenRpcSpec, method: string, limit: string): SpecError | null {
  const errors = methodObject(spec, method)?.['x-limit-errors']
  return isObject(errors) ? asSpecError(errors[limit]) : null
}
