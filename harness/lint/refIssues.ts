import { childPointer, refTarget, valueAt } from '../spec/jsonPointer.js'
import type { ValidationIssue } from '../spec/validationIssue.js'

// Keywords whose values are data, not spec structure: a "$ref" key inside them is not a reference.
const DATA_KEYWORDS = new Set(['example', 'default', 'enum', 'const', 'value'])

// Members whose keys are names chosen by the author (a property called "default" is no keyword).
const NAME_MAPS = new Set([
  'properties', 'patternProperties', 'definitions', '$defs', 'dependencies', 'paths', 'schemas', 'responses', 'parameters',
  'headers', 'content', 'callbacks', 'links', 'securitySchemes', 'requestBodies', 'contentDescriptors', 'errors',
  'examplePairings', 'examples', 'tags', 'variables', 'encoding',
])

/** Every `$ref` in the document that does not resolve to a place in the same document (SPEC-VALID). */
export function refIssues(document: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const walk = (node: unknown, pointer: string, keysAreNames: boolean): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, childPointer(pointer, index), false))
      return
    }
    if (typeof node !== 'object' || node === null) return
    for (const [key, value] of Object.entries(node)) {
      if (!keysAreNames && key === '$ref' && typeof value === 'string') {
        const target = refTarget(value)
        if (target === undefined) {
          issues.push({ pointer: childPointer(pointer, key), message: `cannot resolve ${JSON.stringify(value)}: only references into the same document ("#/...") are supported` })
        } else if (valueAt(document, target) === undefined) {
          issues.push({ pointer: childPointer(pointer, key), message: `cannot resolve ${JSON.stringify(value)}: nothing at ${target === '' ? 'the document root' : target}` })
        }
      } else if (keysAreNames || !DATA_KEYWORDS.has(key)) {
        const isNameMap = !keysAreNames && NAME_MAPS.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value)
        walk(value, childPointer(pointer, key), isNameMap)
      }
    }
  }
  walk(document, '', false)
  return issues
}
