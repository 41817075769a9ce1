import { isHarnessError } from '../errors/harnessError.js'
import { createDocumentValidators } from '../spec/documentValidators.js'
import { childPointer } from '../spec/jsonPointer.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import type { ValidationIssue } from '../spec/validationIssue.js'
import { openRpcExampleIssues } from './openRpcExampleIssues.js'
import { openRpcMetaIssues } from './openRpcMetaIssues.js'
import { issueFromSpecError } from './issueFromSpecError.js'
import { RefDependencies } from './refDependencies.js'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Lints a parsed OpenRPC document (SPEC-VALID): the meta-schema, the extensions this project
 * defines (`x-blocked`, `x-transports`, `x-limits`), unique method names, every `$ref`
 * resolvable, every example valid; then the loader must accept the file. Returns the issues,
 * pointers into the document. A `$ref` that does not resolve is one issue among the others: what
 * needs it (the examples whose schema or descriptor it names) is left out, and its issue says what.
 */
export async function lintOpenRpc(file: string, document: unknown): Promise<ValidationIssue[]> {
  const issues = [...openRpcMetaIssues(document), ...extensionIssues(document)]
  const refs = new RefDependencies(document)
  if (!isObject(document)) return [...issues, ...refs.issues()]
  try {
    issues.push(...openRpcExampleIssues(document, createDocumentValidators(document, file), refs))
    if (issues.length === 0 && !refs.any) await loadOpenRpc(file)
  } catch (error) {
    if (!isHarnessError(error)) throw error
    issues.push(issueFromSpecError(error, file))
  }
  return [...issues, ...refs.issues()]
}

function extensionIssues(document: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  if (!isObject(document)) return issues
  const info = document['info']
  if (isObject(info) && info['x-limits'] !== undefined && !isObject(info['x-limits'])) {
    issues.push({ pointer: '/info/x-limits', message: 'x-limits must be an object of named limits' })
  }
  const seen = new Map<string, number>()
  const methods = Array.isArray(document['methods']) ? document['methods'] : []
  methods.forEach((method, index) => {
    if (!isObject(method)) return
    const pointer = childPointer('/methods', index)
    if (typeof method['name'] === 'string') {
      const first = seen.get(method['name'])
      if (first !== undefined)
        issues.push({
          pointer: childPointer(pointer, 'name'),
          message: `the method name ${JSON.stringify(method['name'])} is already used by /methods/${first}`,
        })
      else seen.set(method['name'], index)
    }
    const blocked = method['x-blocked']
    if (blocked !== undefined) {
      if (!isObject(blocked)) {
        issues.push({ pointer: childPointer(pointer, 'x-blocked'), message: 'x-blocked must be an object {"reason": string, "alternative": string}' })
      } else {
        for (const key of ['reason', 'alternative']) {
          if (typeof blocked[key] !== 'string' || blocked[key] === '')
            issues.push({ pointer: childPointer(pointer, 'x-blocked'), message: `x-blocked must have a non-empty string "${key}"` })
        }
      }
    }
    const transports = method['x-transports']
    if (transports !== undefined) {
      if (!Array.isArray(transports) || transports.length === 0 || transports.some((t) => t !== 'http' && t !== 'ws')) {
        issues.push({ pointer: childPointer(pointer, 'x-transports'), message: 'x-transports must be a non-empty array of "http" and/or "ws"' })
      }
    }
  })
  return issues
}
