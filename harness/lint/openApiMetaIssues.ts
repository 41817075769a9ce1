import { Validator } from '@seriousme/openapi-schema-validator'
import type { ErrorObject } from 'ajv'
import { toValidationIssues } from '../spec/validationIssues.js'
import type { ValidationIssue } from '../spec/validationIssue.js'
import { metaErrorsOfBranch } from './metaErrorsOfBranch.js'

/**
 * Validates a parsed OpenAPI document against the official OpenAPI JSON Schema of its version
 * (3.0 for openapi.yaml), every error reported (SPEC-VALID); [] when valid. `$ref`s are checked
 * separately (brokenRefs), with a pointer to each bad one.
 */
export async function openApiMetaIssues(document: Record<string, unknown>): Promise<ValidationIssue[]> {
  const validator = new Validator({ allErrors: true, verbose: true })
  const result = await validator.validate(structuredClone(document))
  if (result.valid) return []
  if (typeof result.errors === 'string') {
    // The validator's own whole-document messages (unsupported version, "Can't resolve <ref>"):
    // references are reported by brokenRefs, each with its pointer.
    return /resolve|\$ref/i.test(result.errors) ? [] : [{ pointer: '', message: result.errors }]
  }
  return toValidationIssues(metaErrorsOfBranch((result.errors ?? []) as ErrorObject[], document))
}
