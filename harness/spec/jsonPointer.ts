/**
 * JSON Pointers (RFC 6901) into spec documents: how lint names a place in a file and how the
 * loader names the schema a validator was compiled from.
 */

/** Escapes one reference token (`~` -> `~0`, `/` -> `~1`). */
export function escapeToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1')
}

/** Joins reference tokens into a pointer: `['paths', '/portfolio']` -> `/paths/~1portfolio`. */
export function pointerOf(tokens: ReadonlyArray<string | number>): string {
  return tokens.map((token) => `/${escapeToken(token)}`).join('')
}

/** Appends tokens to a pointer. */
export function childPointer(pointer: string, ...tokens: Array<string | number>): string {
  return pointer + pointerOf(tokens)
}

/**
 * Splits a pointer, or a local `$ref` (`#/components/schemas/x`, percent-encoding allowed), into
 * its unescaped tokens. Returns undefined when the text is not a pointer.
 */
export function tokensOf(pointerOrRef: string): string[] | undefined {
  let text = pointerOrRef
  if (text.startsWith('#')) {
    try {
      text = decodeURIComponent(text.slice(1))
    } catch {
      return undefined
    }
  }
  if (text === '') return []
  if (!text.startsWith('/')) return undefined
  return text
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function step(node: unknown, token: string): unknown {
  if (Array.isArray(node)) {
    if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined
    return node[Number(token)]
  }
  if (isObject(node) && Object.hasOwn(node, token)) return node[token]
  return undefined
}

/** The value a pointer names in `document`, or undefined when it names nothing. `$ref`s are not followed. */
export function valueAt(document: unknown, pointer: string): unknown {
  const tokens = tokensOf(pointer)
  if (tokens === undefined) return undefined
  let node = document
  for (const token of tokens) {
    node = step(node, token)
    if (node === undefined) return undefined
  }
  return node
}

/** The target pointer of a local `$ref` value (`#/a/b` -> `/a/b`); undefined for remote references. */
export function refTarget(ref: string): string | undefined {
  const tokens = ref.startsWith('#') ? tokensOf(ref) : undefined
  return tokens === undefined ? undefined : pointerOf(tokens)
}

/**
 * Follows a pointer through `document`, jumping through local `$ref` objects met on the way (and at
 * the end), and returns the value and the canonical pointer of where it really lives.
 * Returns undefined when the pointer or a reference on its way names nothing.
 */
export function resolvePointer(document: unknown, pointer: string): { value: unknown; pointer: string } | undefined {
  const tokens = tokensOf(pointer)
  if (tokens === undefined) return undefined
  let node: unknown = document
  let at: string[] = []
  const follow = (): boolean => {
    const seen = new Set<string>()
    while (isObject(node) && !Array.isArray(node) && typeof node['$ref'] === 'string') {
      const target = refTarget(node['$ref'])
      if (target === undefined || seen.has(target)) return false
      seen.add(target)
      at = tokensOf(target) ?? []
      node = valueAt(document, target)
      if (node === undefined) return false
    }
    return true
  }
  for (const token of tokens) {
    if (!follow()) return undefined
    node = step(node, token)
    if (node === undefined) return undefined
    at = [...at, token]
  }
  if (!follow()) return undefined
  return { value: node, pointer: pointerOf(at) }
}
