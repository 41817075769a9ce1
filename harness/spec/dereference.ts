import { HarnessError } from '../errors/harnessError.js'
import { childPointer, refTarget, valueAt } from './jsonPointer.js'

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A copy of a spec document with every local `$ref` replaced by what it points to, so that callers
 * (suites, generators) read plain schemas. A place referenced many times becomes one shared object.
 * Members beside a `$ref` (a `description`, say) are kept over the target's.
 * A reference back into a schema being expanded (a recursive schema) is left as the `$ref`, so the
 * result stays a finite tree that JSON.stringify can print; validators are compiled from the
 * original document and handle recursion.
 * Throws HarnessError L2CONF_ERR_SPEC (details: file, pointer of the `$ref`) for a reference that
 * names nothing, or a remote one (only `#/...` references are supported).
 */
export function dereference(document: unknown, file: string): unknown {
  const done = new Map<string, unknown>()
  const active = new Set<string>()

  const walk = (node: unknown, pointer: string): unknown => {
    const finished = done.get(pointer)
    if (finished !== undefined) return finished
    if (Array.isArray(node)) {
      active.add(pointer)
      const copy = node.map((item, index) => walk(item, childPointer(pointer, index)))
      active.delete(pointer)
      done.set(pointer, copy)
      return copy
    }
    if (!isObject(node)) return node
    const ref = node['$ref']
    if (typeof ref === 'string') {
      const target = refTarget(ref)
      if (target === undefined) {
        throw new HarnessError(
          'L2CONF_ERR_SPEC',
          `${file}#${childPointer(pointer, '$ref')}: only local references ("#/...") are supported, not ${JSON.stringify(ref)}`,
          { file, pointer: childPointer(pointer, '$ref') },
        )
      }
      const value = valueAt(document, target)
      if (value === undefined) {
        throw new HarnessError(
          'L2CONF_ERR_SPEC',
          `${file}#${childPointer(pointer, '$ref')}: the reference ${JSON.stringify(ref)} names nothing in the document`,
          { file, pointer: childPointer(pointer, '$ref') },
        )
      }
      if (active.has(target)) return node
      const resolved = walk(value, target)
      const siblings = Object.keys(node).filter((key) => key !== '$ref')
      if (siblings.length === 0 || !isObject(resolved)) return resolved
      const merged: Record<string, unknown> = { ...resolved }
      for (const key of siblings) merged[key] = walk(node[key], childPointer(pointer, key))
      return merged
    }
    active.add(pointer)
    const copy: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(node)) copy[key] = walk(value, childPointer(pointer, key))
    active.delete(pointer)
    done.set(pointer, copy)
    return copy
  }

  return walk(document, '')
}
