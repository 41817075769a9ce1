/** A pair still to compare, with the way back to the root for its pointer. */
interface Pending {
  a: unknown
  b: unknown
  parent: Pending | null
  token: string
  /** The member is on one side only: a difference whatever its value. */
  missing?: boolean
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

function pointerOf(node: Pending, last?: string): string {
  const tokens: string[] = last === undefined ? [] : [last]
  for (let n: Pending | null = node; n !== null && n.parent !== null; n = n.parent) tokens.push(n.token)
  return tokens.length === 0 ? '/' : `/${tokens.reverse().join('/')}`
}

/**
 * The JSON pointer of the first place where two JSON values differ, or null when they are equal.
 * Object member order is ignored (JSON objects are unordered); array order is not. Walks with its
 * own stack, so values nested however deep (a hostile target's answer) never overflow the call stack;
 * members are compared as own properties, so a `__proto__` key is a member like any other.
 */
export function firstDifference(a: unknown, b: unknown, at = ''): { pointer: string; left: unknown; right: unknown } | null {
  const prefix = (pointer: string): string => (at === '' ? pointer : pointer === '/' ? at : `${at}${pointer}`)
  const stack: Pending[] = [{ a, b, parent: null, token: '' }]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.missing === true) return { pointer: prefix(pointerOf(node)), left: node.a, right: node.b }
    if (node.a === node.b) continue
    if (Array.isArray(node.a) && Array.isArray(node.b)) {
      if (node.a.length !== node.b.length) return { pointer: prefix(pointerOf(node, 'length')), left: node.a.length, right: node.b.length }
      // Pushed in reverse so the lowest index is compared first.
      for (let i = node.a.length - 1; i >= 0; i--) stack.push({ a: node.a[i], b: node.b[i], parent: node, token: String(i) })
      continue
    }
    if (isRecord(node.a) && isRecord(node.b)) {
      const ra = node.a
      const rb = node.b
      const keys = [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort()
      // Pushed in reverse so members are compared in key order; a member only one side has is a
      // difference at its place in that order, after any difference inside an earlier member.
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!
        const token = key.replace(/~/g, '~0').replace(/\//g, '~1')
        const missing = !Object.hasOwn(ra, key) || !Object.hasOwn(rb, key)
        stack.push({
          a: Object.hasOwn(ra, key) ? ra[key] : undefined,
          b: Object.hasOwn(rb, key) ? rb[key] : undefined,
          parent: node,
          token,
          ...(missing ? { missing } : {}),
        })
      }
      continue
    }
    return { pointer: prefix(pointerOf(node)), left: node.a, right: node.b }
  }
  return null
}
