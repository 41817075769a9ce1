/**
 * Whether `value` holds more than `limit` JSON values (itself, and every element and member within,
 * at any depth). Iterative, and it stops counting at the limit, so asking about a value of a million
 * keys costs no more than `limit` steps.
 * @example holdsMoreValuesThan({ a: [1, 2] }, 3) // true: the object, the array, 1 and 2
 */
export function holdsMoreValuesThan(value: unknown, limit: number): boolean {
  let seen = 0
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (++seen > limit) return true
    if (next === null || typeof next !== 'object') continue
    if (Array.isArray(next)) {
      // Counting the elements first bounds the work even for a million-element array.
      if (seen + next.length > limit) return true
      for (const item of next) pending.push(item)
    } else {
      let members = 0
      for (const key in next) {
        if (!Object.prototype.hasOwnProperty.call(next, key)) continue
        if (seen + ++members > limit) return true
        pending.push((next as Record<string, unknown>)[key])
      }
    }
  }
  return false
}
