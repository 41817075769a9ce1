import { isHarnessError } from '../errors/harnessError.js'
import { createDocumentValidators } from '../spec/documentValidators.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { openApiToJsonSchema } from '../spec/openApiToJsonSchema.js'
import type { ValidationIssue } from '../spec/validationIssue.js'
import { openApiExampleIssues } from './openApiExampleIssues.js'
import { openApiMetaIssues } from './openApiMetaIssues.js'
import { issueFromSpecError } from './issueFromSpecError.js'
import { RefDependencies } from './refDependencies.js'

/**
 * Lints a parsed OpenAPI document (SPEC-VALID): the official OpenAPI meta-schema, every `$ref`
 * resolvable, every example valid; then the loader must accept the file. Returns the issues,
 * pointers into the document. A `$ref` that does not resolve is one issue among the others: what
 * needs it (the examples whose schema it names) is left out, and its issue says what.
 */
export async function lintOpenApi(file: string, document: unknown): Promise<ValidationIssue[]> {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return [{ pointer: '', message: 'must be an object' }]
  const raw = document as Record<string, unknown>
  const issues = await openApiMetaIssues(raw)
  const refs = new RefDependencies(raw)
  try {
    issues.push(...openApiExampleIssues(raw, createDocumentValidators(openApiToJsonSchema(raw), file), refs))
    if (issues.length === 0 && !refs.any) await loadOpenApi(file)
  } catch (error) {
    if (!isHarnessError(error)) throw error
    issues.push(issueFromSpecError(error, file))
  }
  return [...issues, ...refs.issues()]
}
