/**
 * Whether two JSON values are equal (objects by their members, whatever their order). It stops at
 * the first difference, so a call's params are compared with an example's at the cost of their
 * common start, not of stringifying either.
 * @example sameJson({ a: [1, '0x2'] }, { a: [1, '0x2'] }) // true
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let index = 0; index < a.length; index++) if (!sameJson(a[index], b[index])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const aKeys = Object.keys(a)
  if (aKeys.length !== Object.keys(b).length) return false
  for (const key of aKeys) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false
    if (!sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false
  }
  return true
}
