/** How deep boundedJson descends before it writes `…` for a nested value. */
const MAX_DEPTH = 8

/**
 * A JSON rendering of any value for a finding's message, at most `maxChars` characters: total
 * over whatever a target sends (deep nesting, huge strings, `__proto__` keys, -0, bigints, cycles),
 * where `JSON.stringify` throws on deep nesting and writes megabytes for a huge value. Nested values
 * past a small depth and text past the budget are cut, marked with `…`.
 * @example boundedJson({ a: [1, 2] }) // '{"a":[1,2]}'
 */
export function boundedJson(value: unknown, maxChars = 120): string {
  const out: string[] = []
  let length = 0
  const seen = new Set<object>()
  // Writes until the budget is spent; returns false once it is, so callers stop walking.
  const write = (text: string): boolean => {
    if (length >= maxChars) return false
    const room = maxChars - length
    out.push(text.length > room ? text.slice(0, room) : text)
    length += Math.min(text.length, room)
    return length < maxChars
  }
  const scalar = (v: unknown): string => {
    if (typeof v === 'string') return JSON.stringify(v.length > maxChars ? `${v.slice(0, maxChars)}…` : v)
    if (typeof v === 'number') return Object.is(v, -0) ? '-0' : Number.isFinite(v) ? String(v) : 'null'
    if (typeof v === 'bigint') return `${v}n`
    if (typeof v === 'boolean' || v === null) return String(v)
    return v === undefined ? 'undefined' : `<${typeof v}>`
  }
  const walk = (v: unknown, depth: number): boolean => {
    if (v === null || typeof v !== 'object') return write(scalar(v))
    if (seen.has(v)) return write('<cycle>')
    if (depth >= MAX_DEPTH) return write(Array.isArray(v) ? '[…]' : '{…}')
    seen.add(v)
    try {
      if (Array.isArray(v)) {
        if (!write('[')) return false
        for (let i = 0; i < v.length; i++) {
          if (i > 0 && !write(',')) return false
          if (!walk(v[i], depth + 1)) return false
        }
        return write(']')
      }
      if (!write('{')) return false
      let first = true
      for (const key of Object.keys(v)) {
        if (!first && !write(',')) return false
        first = false
        if (!write(`${scalar(key)}:`)) return false
        if (!walk((v as Record<string, unknown>)[key], depth + 1)) return false
      }
      return write('}')
    } finally {
      seen.delete(v)
    }
  }
  try {
    walk(value, 0)
  } catch {
    // A hostile getter or proxy: what was written so far still says something.
    write('<unreadable>')
  }
  const text = out.join('')
  return length >= maxChars ? `${text}…` : text
}

/**
 * A value as message text: a string as it is, anything else as boundedJson, at most `maxChars`
 * characters. Use it instead of String() on what a target sent: String() of a deeply nested array
 * overflows the stack, and of an object with a "toString" member throws.
 * @example boundedText(block.number) // '0x1a'
 */
export function boundedText(value: unknown, maxChars = 120): string {
  if (typeof value === 'string') return value.length > maxChars ? `${value.slice(0, maxChars)}…` : value
  return boundedJson(value, maxChars)
}
