/**
 * Request ids a sloppy JSON-RPC server echoes wrongly (JSON-RPC 2.0 section 5: the response's id
 * is the request's, the same value of the same JSON type). Each one is a known way to get it wrong;
 * they are ordered so that no two ids of the same family follow each other (a server that breaks one
 * family never breaks many answers in a row, which would condemn the whole transport).
 */
export const ENVELOPE_IDS: readonly (number | string)[] = [
  0, // falsy: an `id || null` slip answers null
  2 ** 31, // past a signed 32-bit integer: overflows, or comes back as a string
  1,
  Number.MAX_SAFE_INTEGER, // 2^53 - 1, the largest integer every JSON reader keeps exactly
  '', // falsy string
  2 ** 24 + 1, // past a 32-bit float's integers: rounds to its neighbour (off by one)
  '42', // digits in a string: comes back as the number 42
  -1,
  '0x1', // looks like a quantity: comes back decoded
  'l2conf-7',
]

/** Request ids of a batch of `method` calls, one per ENVELOPE_IDS entry (ids are unique within a batch). */
export function idBatch(method: string): Array<{ jsonrpc: '2.0'; method: string; params: []; id: number | string }> {
  return ENVELOPE_IDS.map((id) => ({ jsonrpc: '2.0', method, params: [], id }))
}
