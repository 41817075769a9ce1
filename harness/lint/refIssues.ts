import { childPointer, refTarget, valueAt } from '../spec/jsonPointer.js'

// Keywords whose values are data, not spec structure: a "$ref" key inside them is not a reference.
const DATA_KEYWORDS = new Set(['example', 'default', 'enum', 'const', 'value'])

// Members whose keys are names chosen by the author (a property called "default" is no keyword).
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependencies',
  'paths',
  'schemas',
  'responses',
  'parameters',
  'headers',
  'content',
  'callbacks',
  'links',
  'securitySchemes',
  'requestBodies',
  'contentDescriptors',
  'errors',
  'examplePairings',
  'examples',
  'tags',
  'variables',
  'encoding',
])

/**
 * Visits every `$ref` string under `node` (which sits at `pointer`), with the pointer of its `$ref`
 * member. Data (examples, defaults, enums, constants, and the keywords in `alsoData`) is not
 * entered, and the keys of name maps (`properties`, `schemas`, ...) are names, never references.
 */
export function forEachRef(node: unknown, pointer: string, visit: (refPointer: string, ref: string) => void, alsoData: ReadonlySet<string> = new Set()): void {
  const walk = (value: unknown, at: string, keysAreNames: boolean): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, childPointer(at, index), false))
      return
    }
    if (typeof value !== 'object' || value === null) return
    for (const [key, member] of Object.entries(value)) {
      if (!keysAreNames && key === '$ref' && typeof member === 'string') {
        visit(childPointer(at, key), member)
      } else if (keysAreNames || (!DATA_KEYWORDS.has(key) && !alsoData.has(key))) {
        const isNameMap = !keysAreNames && NAME_MAPS.has(key) && typeof member === 'object' && member !== null && !Array.isArray(member)
        walk(member, childPointer(at, key), isNameMap)
      }
    }
  }
  walk(node, pointer, false)
}

/** A `$ref` that names no place in its document. */
export interface BrokenRef {
  /** Where the `$ref` member is: `/methods/1/result/schema/$ref`. */
  pointer: string
  /** What it says: `#/components/schemas/nope`. */
  ref: string
  /** Why it does not resolve, for a person. */
  reason: string
}

/** Every `$ref` in the document that does not resolve to a place in the same document, in document order (SPEC-VALID). */
export function brokenRefs(document: unknown): BrokenRef[] {
  const broken: BrokenRef[] = []
  forEachRef(document, '', (pointer, ref) => {
    const target = refTarget(ref)
    if (target === undefined) {
      broken.push({ pointer, ref, reason: `cannot resolve ${JSON.stringify(ref)}: only references into the same document ("#/...") are supported` })
    } else if (valueAt(document, target) === undefined) {
      broken.push({ pointer, ref, reason: `cannot resolve ${JSON.stringify(ref)}: nothing at ${target === '' ? 'the document root' : target}` })
    }
  })
  return broken
}
