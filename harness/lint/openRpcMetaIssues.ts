import { createRequire } from 'node:module'
import type { ValidateFunction } from 'ajv'
import { createSpecAjv } from '../spec/specAjv.js'
import { toValidationIssues } from '../spec/validationIssues.js'
import type { ValidationIssue } from '../spec/validationIssue.js'
import { metaErrorsOfBranch } from './metaErrorsOfBranch.js'

const require = createRequire(import.meta.url)

let compiled: ValidateFunction | undefined

function metaValidator(): ValidateFunction {
  if (compiled !== undefined) return compiled
  const ajv = createSpecAjv()
  // The OpenRPC meta-schema describes schemas with the JSON Schema meta-schema of the same
  // project, referenced with and without a trailing slash.
  const jsonSchemaMeta = require('@json-schema-tools/meta-schema/schema.json') as Record<string, unknown>
  ajv.addSchema(jsonSchemaMeta)
  ajv.addSchema({ ...jsonSchemaMeta, $id: 'https://meta.json-schema.tools' })
  // Server URLs are templates ("https://{host}{path}"), which OpenRPC allows; check them as URIs
  // with each variable replaced by a placeholder.
  const uri = ajv.formats['uri']
  if (typeof uri === 'function') {
    const check = uri as (value: string) => boolean
    ajv.addFormat('uri', (value: string) => check(value.replace(/\{[^{}]*\}/g, 'x')))
  }
  // The package's typings declare only types; the meta-schema itself is its `openrpcDocument` value.
  const { openrpcDocument } = require('@open-rpc/meta-schema') as { openrpcDocument: object }
  compiled = ajv.compile(openrpcDocument)
  return compiled
}

/** Validates a parsed OpenRPC document against @open-rpc/meta-schema (SPEC-VALID); [] when valid. */
export function openRpcMetaIssues(document: unknown): ValidationIssue[] {
  const validate = metaValidator()
  if (validate(document)) return []
  return toValidationIssues(metaErrorsOfBranch(validate.errors ?? [], document))
}
