import { childPointer, pointerOf, refTarget, resolvePointer, tokensOf, valueAt } from '../spec/jsonPointer.js'
import type { ValidationIssue } from '../spec/validationIssue.js'
import { brokenRefs, forEachRef, type BrokenRef } from './refIssues.js'

/** Inside a schema, `examples` holds data (values), never references. */
const SCHEMA_DATA: ReadonlySet<string> = new Set(['examples'])

/** At most this many places are named per kind of thing left unchecked; the rest are counted. */
const MAX_NAMED = 5

/**
 * What lint could not check because of a broken `$ref`:
 * - `example`: one example value (its schema, or the descriptor of its param or result, needs the ref);
 * - `examples`: every example under a place (an example pairing, or a method, that is itself a broken ref);
 * - `required`: whether an example pairing has every required param (a param's descriptor is a broken ref).
 */
export type LeftOut = 'example' | 'examples' | 'required'

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** One reference token down from `node` (no `$ref` followed), as a JSON Pointer reads it. */
function step(node: unknown, token: string): unknown {
  if (Array.isArray(node)) return /^(0|[1-9][0-9]*)$/.test(token) ? node[Number(token)] : undefined
  return isObject(node) && Object.hasOwn(node, token) ? node[token] : undefined
}

/**
 * The broken `$ref`s of one document and what depends on them, so that one broken reference is one
 * problem among the others: lint goes on with everything that does not need it, leaves out what
 * does, and the problem of each broken ref says what was left out because of it.
 */
export class RefDependencies {
  private readonly broken: ReadonlyMap<string, BrokenRef>
  private readonly leftOut = new Map<string, Map<LeftOut, Set<string>>>()
  private readonly needs = new Map<string, string[]>()

  constructor(
    private readonly document: unknown,
    broken: readonly BrokenRef[] = brokenRefs(document),
  ) {
    this.broken = new Map(broken.map((ref) => [ref.pointer, ref]))
  }

  /** True when some `$ref` of the document does not resolve. */
  get any(): boolean {
    return this.broken.size > 0
  }

  /**
   * The broken refs (pointers of their `$ref` members) that stop a lookup of `pointer`, `$ref`s on
   * the way followed: [] when it resolves, or when it names nothing for another reason.
   */
  onTheWay(pointer: string): string[] {
    if (!this.any) return []
    const tokens = tokensOf(pointer)
    if (tokens === undefined) return []
    let node: unknown = this.document
    let at: string[] = []
    // undefined: followed every reference; a string: the broken one it stopped at; null: stopped otherwise (a cycle).
    const follow = (): string | null | undefined => {
      const seen = new Set<string>()
      while (isObject(node) && typeof node['$ref'] === 'string') {
        const refPointer = childPointer(pointerOf(at), '$ref')
        if (this.broken.has(refPointer)) return refPointer
        const target = refTarget(node['$ref'])
        if (target === undefined || seen.has(target)) return null
        seen.add(target)
        at = tokensOf(target) ?? []
        node = valueAt(this.document, target)
        if (node === undefined) return null
      }
      return undefined
    }
    for (const token of tokens) {
      const stop = follow()
      if (stop !== undefined) return stop === null ? [] : [stop]
      node = step(node, token)
      if (node === undefined) return []
      at = [...at, token]
    }
    const stop = follow()
    return typeof stop === 'string' ? [stop] : []
  }

  /**
   * The broken refs the schema at `pointer` needs to be compiled: one on the way to it, or one it
   * leads to through its `$ref`s, however deep. [] when every reference it needs resolves.
   */
  brokenUnder(pointer: string): string[] {
    if (!this.any) return []
    const blocked = this.onTheWay(pointer)
    if (blocked.length > 0) return blocked
    const resolved = resolvePointer(this.document, pointer)
    if (resolved === undefined) return []
    const known = this.needs.get(resolved.pointer)
    if (known !== undefined) return known
    const found = new Set<string>()
    const visited = new Set<string>([resolved.pointer])
    const pending: Array<{ node: unknown; at: string }> = [{ node: resolved.value, at: resolved.pointer }]
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      forEachRef(
        next.node,
        next.at,
        (refPointer, ref) => {
          if (this.broken.has(refPointer)) {
            found.add(refPointer)
            return
          }
          const target = refTarget(ref)
          if (target === undefined || visited.has(target)) return
          visited.add(target)
          const node = valueAt(this.document, target)
          if (node !== undefined) pending.push({ node, at: target })
        },
        SCHEMA_DATA,
      )
    }
    const needs = [...found]
    this.needs.set(resolved.pointer, needs)
    return needs
  }

  /** Records that what is at `pointer` was not checked because of the broken refs `because`. */
  leaveOut(because: readonly string[], kind: LeftOut, pointer: string): void {
    for (const ref of because) {
      const kinds = this.leftOut.get(ref) ?? new Map<LeftOut, Set<string>>()
      this.leftOut.set(ref, kinds)
      const places = kinds.get(kind) ?? new Set<string>()
      kinds.set(kind, places)
      places.add(pointer)
    }
  }

  /** One issue per broken ref, at its `$ref` member, saying what was not checked because of it. */
  issues(): ValidationIssue[] {
    return [...this.broken.values()].map(({ pointer, reason }) => {
      const kinds = this.leftOut.get(pointer)
      if (kinds === undefined) return { pointer, message: reason }
      const parts: string[] = []
      const named = (places: Set<string>): string => {
        const list = [...places]
        const shown = list.slice(0, MAX_NAMED).join(', ')
        return list.length > MAX_NAMED ? `${shown} and ${list.length - MAX_NAMED} more` : shown
      }
      const examples = kinds.get('example')
      if (examples !== undefined) parts.push(examples.size === 1 ? `the example at ${named(examples)}` : `${examples.size} examples (${named(examples)})`)
      const under = kinds.get('examples')
      if (under !== undefined) parts.push(`the examples under ${named(under)}`)
      const required = kinds.get('required')
      if (required !== undefined) parts.push(`whether ${named(required)} ${required.size === 1 ? 'has' : 'have'} every required param`)
      return { pointer, message: `${reason}; not checked because of it: ${parts.join('; ')}` }
    })
  }
}
