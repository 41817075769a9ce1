/**
 * The JSON pointer of the first place where two JSON values differ, or null when they are equal.
 * Object member order is ignored (JSON objects are unordered); array order is not.
 */
export function firstDifference(a: unknown, b: unknown, at = ''): { pointer: string; left: unknown; right: unknown } | null {
  if (a === b) return null
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return { pointer: `${at}/length`, left: a.length, right: b.length }
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${at}/${i}`)
      if (d !== null) return d
    }
    return null
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ra = a as Record<string, unknown>
    const rb = b as Record<string, unknown>
    const keys = new Set([...Object.keys(ra), ...Object.keys(rb)])
    for (const key of [...keys].sort()) {
      const escaped = key.replace(/~/g, '~0').replace(/\//g, '~1')
      if (!(key in ra) || !(key in rb)) return { pointer: `${at}/${escaped}`, left: ra[key], right: rb[key] }
      const d = firstDifference(ra[key], rb[key], `${at}/${escaped}`)
      if (d !== null) return d
    }
    return null
  }
  return { pointer: at || '/', left: a, right: b }
}
