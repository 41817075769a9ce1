/**
 * What a client library handed back, as plain values the suite can compare with its own strict
 * reading of the same answer: field names as in JSON-RPC, integers as bigint, bytes, hashes and
 * addresses as the strings the library gave. Adapters (harness/clients/*Adapter.ts) build readings
 * from their library's objects; the judges (harness/clients/judgeReading.ts) compare them.
 */
export type ReadValue = bigint | string | boolean | null | undefined | ReadValue[] | Reading

export interface Reading {
  [field: string]: ReadValue
}

/**
 * A library's integer as a bigint: numbers and bigints as they are (a number past 2^53 keeps the
 * precision it lost), a string as the library left it (compared as it is). Anything else unchanged.
 */
export function integer(value: unknown): ReadValue {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : String(value)
  return plain(value)
}

/** A library's value with no conversion of its own kind: strings, booleans, null, undefined; other objects as text. */
export function plain(value: unknown): ReadValue {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint') return value
  if (typeof value === 'number') return integer(value)
  if (Array.isArray(value)) return value.map(plain)
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, plain(v)]))
  return String(value)
}

/** The fields of `object` named in `fields`, each converted by its kind of value (integers to bigint), undefined when absent. */
export function pick(object: unknown, fields: Readonly<Record<string, 'integer' | 'plain'>>, renamed: Readonly<Record<string, string>> = {}): Reading {
  const source = (object ?? {}) as Record<string, unknown>
  const reading: Reading = {}
  for (const [field, kind] of Object.entries(fields)) {
    const value = source[renamed[field] ?? field]
    reading[field] = kind === 'integer' ? integer(value) : plain(value)
  }
  return reading
}

/** A reading shown in a message: bigints as decimal with an n, strings quoted, bounded. */
export function showValue(value: unknown, max = 200): string {
  let text: string
  try {
    text =
      typeof value === 'bigint'
        ? `${value}n`
        : value === undefined
          ? 'undefined'
          : (JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value))
  } catch {
    text = String(value)
  }
  return text.length > max ? `${text.slice(0, max)}…` : text
}
