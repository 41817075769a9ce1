import { createHash } from 'node:crypto'

/** Small readers and writers of JSON-RPC 2.0 messages for the mutants' hooks (section 5). */
export const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/** Whether a response carries a result (an own `result` member). */
export const hasResult = (response: unknown): response is Record<string, unknown> & { result: unknown } =>
  isObject(response) && Object.hasOwn(response, 'result')

/** The error code of an error response, or undefined. */
export function errorCode(response: unknown): unknown {
  return isObject(response) && isObject(response.error) ? response.error.code : undefined
}

/** The response with its result replaced by `fn(result)` (unchanged, the same object, when it has no result). */
export function mapResult(response: unknown, fn: (result: unknown) => unknown): unknown {
  return hasResult(response) ? { ...response, result: fn(response.result) } : response
}

/** A result response to `id`. */
export const resultAnswer = (id: unknown, result: unknown): Record<string, unknown> => ({ jsonrpc: '2.0', id: id ?? null, result })

/** An error response to `id`. */
export const errorAnswer = (id: unknown, code: number, message: string): Record<string, unknown> => ({
  jsonrpc: '2.0',
  id: id ?? null,
  error: { code, message },
})

/** A made-up 32-byte hash derived from `seed` (what a broken node answers for a transaction it did not execute). */
export function fakeHash(seed: unknown): string {
  return `0x${createHash('sha256')
    .update(JSON.stringify(seed) ?? '')
    .digest('hex')}`
}

/** A quantity (0x-hex) plus `delta`, as a quantity. */
export function addToQuantity(value: unknown, delta: bigint): unknown {
  return typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? `0x${(BigInt(value) + delta).toString(16)}` : value
}

/** The same hex string with its last digit changed (a different hash of the same length). */
export function flipLastDigit(value: unknown): unknown {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) return value
  const last = Number.parseInt(value.slice(-1), 16)
  return value.slice(0, -1) + (last ^ 1).toString(16)
}

/** Block numbers of eth_getBlockRange params when both bounds are hex numbers (not tags). */
export function numericRange(params: unknown[]): { start: bigint; end: bigint } | null {
  const [start, end] = params
  const isHex = (v: unknown): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v)
  return isHex(start) && isHex(end) ? { start: BigInt(start), end: BigInt(end) } : null
}
