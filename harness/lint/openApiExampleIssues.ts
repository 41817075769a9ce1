import type { DocumentValidators } from '../spec/documentValidators.js'
import { childPointer, refTarget, valueAt } from '../spec/jsonPointer.js'
import { schemaPlaces } from '../spec/openApiToJsonSchema.js'
import type { ValidationIssue } from '../spec/validationIssue.js'
import { exampleChecker } from './exampleChecker.js'
import { forEachSchema } from './forEachSchema.js'
import type { RefDependencies } from './refDependencies.js'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Every example of an OpenAPI 3.0 document that its schema rejects (SPEC-VALID): the `example` and
 * `examples` of media types (response and request bodies), parameters and headers against their
 * schema, and the `example` of every Schema Object. `validators` must come from the document
 * converted to JSON Schema (the places are the same). Pointers name the example in the document.
 * With `refs`, an example that needs a `$ref` that does not resolve is left out and recorded there.
 */
export function openApiExampleIssues(document: Json, validators: DocumentValidators, refs?: RefDependencies): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const check = exampleChecker(validators, issues, refs)

  for (const place of schemaPlaces(document)) {
    // The object holding the schema: a media type, a parameter or a header (not components.schemas).
    if (!place.startsWith('/components/schemas/')) {
      const holderPointer = place.slice(0, -'/schema'.length)
      const holder = valueAt(document, holderPointer)
      if (isObject(holder)) {
        if (holder['example'] !== undefined) check(place, holder['example'], childPointer(holderPointer, 'example'))
        if (isObject(holder['examples'])) {
          for (const [name, entry] of Object.entries(holder['examples'])) {
            const target = isObject(entry) && typeof entry['$ref'] === 'string' ? refTarget(entry['$ref']) : undefined
            const example = target === undefined ? entry : valueAt(document, target)
            const examplePointer = target ?? childPointer(holderPointer, 'examples', name)
            if (example === undefined && refs !== undefined) {
              const entryPointer = childPointer(holderPointer, 'examples', name)
              const blocked = refs.onTheWay(entryPointer)
              if (blocked.length > 0) refs.leaveOut(blocked, 'example', entryPointer)
            }
            if (isObject(example) && example['value'] !== undefined) check(place, example['value'], childPointer(examplePointer, 'value'))
          }
        }
      }
    }
    forEachSchema(valueAt(document, place), place, (schema, pointer) => {
      if (schema['example'] !== undefined) check(pointer, schema['example'], childPointer(pointer, 'example'))
    })
  }
  return issues
}
