import type { ErrorObject } from 'ajv'
import { valueAt } from '../spec/jsonPointer.js'

// The meta-schemas say "an object or a reference" with oneOf; ajv then reports the failures of
// both branches. The reference branch is the schema that requires exactly "$ref" (OpenRPC's
// referenceObject, OpenAPI's Reference); errors name it as their parentSchema (ajv's verbose mode).
function fromReferenceBranch(error: ErrorObject): boolean {
  const required = (error.parentSchema as { required?: unknown } | undefined)?.required
  return Array.isArray(required) && required.length === 1 && required[0] === '$ref'
}

function isReferenceObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '$ref' in value
}

/**
 * Keeps, of a meta-schema's errors, those of the branch the author meant: where the document holds a
 * `{"$ref": ...}` object, the reference branch's; elsewhere, everything but the reference branch's.
 * The errors must come from an ajv compiled with `verbose: true`.
 */
export function metaErrorsOfBranch(errors: readonly ErrorObject[], document: unknown): ErrorObject[] {
  return errors.filter((error) => {
    const fromReference = fromReferenceBranch(error)
    const data = valueAt(document, error.instancePath)
    if (isReferenceObject(data)) return fromReference || error.keyword === 'oneOf' || error.keyword === 'anyOf'
    return !fromReference
  })
}
