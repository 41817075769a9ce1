import { createRequire } from 'node:module'
import type { ValidateFunction } from 'ajv'
import { createSpecAjv } from '../spec/specAjv.js'
import { toValidationIssues } from '../spec/validationIssues.js'
import type { ValidationIssue } from '../spec/validationIssue.js'
import { metaErrorsOfBranch } from './metaErrorsOfBranch.js'

const require = createRequire(import.meta.url)

/** The versions lint has a meta-schema for, as its message about another one says. */
export const KNOWN_OPENRPC = 'OpenRPC 1.0–1.4'

/** The 1.4 line as the published 1.4 meta-schema constrains `openrpc`: any patch release of 1.4. */
const OPENRPC_1_4 = /^1\.4\.\d+$/

type MetaSchema = { properties: Record<string, unknown> } & Record<string, unknown>

/** @open-rpc/meta-schema's document: OpenRPC 1.0.0-rc0 to 1.3.2, each version listed in its `openrpc` enum. */
export function metaSchema13(): MetaSchema {
  // The package's typings declare only types; the meta-schema itself is its `openrpcDocument` value.
  return (require('@open-rpc/meta-schema') as { openrpcDocument: MetaSchema }).openrpcDocument
}

/** The versions the 1.3 meta-schema lists (1.0.0-rc0 to 1.3.2). */
function versions13(): readonly string[] {
  const openrpc = metaSchema13().properties['openrpc'] as { enum?: unknown }
  return Array.isArray(openrpc.enum) ? (openrpc.enum as string[]) : []
}

/**
 * The 1.3 meta-schema with `openrpc` widened to the 1.4 line: what lint validates a 1.4 document
 * against when the published 1.4 meta-schema cannot be loaded. The published one is the 1.3 one
 * with that constraint changed and three `type` constraints dropped (the info object, the link
 * object and a link's name), so this stand-in is at most stricter on those three.
 */
export function widened13(): MetaSchema {
  const schema = metaSchema13()
  return { ...schema, properties: { ...schema.properties, openrpc: { title: 'openrpc', type: 'string', pattern: OPENRPC_1_4.source } } }
}

/**
 * The OpenRPC 1.4 meta-schema. @open-rpc/meta-schema stops at 1.3; OpenRPC now publishes its
 * meta-schemas by version in @open-rpc/spec (`1_4/schema.json`, a dependency of this package).
 * Should an install lack it, the 1.3 meta-schema widened to 1.4.x stands in (widened13).
 */
export function metaSchema14(): MetaSchema {
  try {
    return require('@open-rpc/spec/1_4/schema.json') as MetaSchema
  } catch {
    return widened13()
  }
}

function compile(schema: object): ValidateFunction {
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
  return ajv.compile(schema)
}

// Each compiled on first use, in an ajv of its own (both meta-schemas have the same $id).
let compiled13: ValidateFunction | undefined
let compiled14: ValidateFunction | undefined

/**
 * Validates a parsed OpenRPC document against the meta-schema of its version (SPEC-VALID); [] when
 * valid. 1.0 to 1.3 against @open-rpc/meta-schema, 1.4.x against the 1.4 meta-schema. A version
 * lint has no meta-schema for ("2.0.0") is one problem, "unsupported version", and the rest of the
 * document is still checked, against the newest meta-schema lint has (1.4).
 */
export function openRpcMetaIssues(document: unknown): ValidationIssue[] {
  const version = typeof document === 'object' && document !== null && !Array.isArray(document) ? (document as Record<string, unknown>)['openrpc'] : undefined
  const known13 = typeof version === 'string' && versions13().includes(version)
  const unsupported = typeof version === 'string' && !known13 && !OPENRPC_1_4.test(version)
  const validate = known13 ? (compiled13 ??= compile(metaSchema13())) : (compiled14 ??= compile(metaSchema14()))
  const issues: ValidationIssue[] = []
  if (unsupported) {
    issues.push({
      pointer: '/openrpc',
      message: `unsupported version ${JSON.stringify(version)} (lint knows ${KNOWN_OPENRPC}: 1.0.0-rc0 to 1.3.2, and 1.4.x); the rest of the document is checked against the OpenRPC 1.4 meta-schema`,
    })
  }
  if (validate(document)) return issues
  // The 1.4 meta-schema's own word on a version it does not take is the problem above.
  const errors = (validate.errors ?? []).filter((error) => !(unsupported && error.instancePath === '/openrpc'))
  return [...issues, ...toValidationIssues(metaErrorsOfBranch(errors, document))]
}
