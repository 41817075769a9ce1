import type { ErrorObject } from 'ajv'
import { childPointer } from './jsonPointer.js'
import type { ValidationIssue } from './validationIssue.js'

/**
 * Turns ajv's errors (compiled with allErrors) into the issues a person reads. Alternatives
 * (`oneOf`/`anyOf`, such as "a block or null") make ajv report every branch that failed; the
 * branch that went deepest is almost always the one meant, so:
 * - the "must match exactly one schema in oneOf" summaries go when a branch said more;
 * - a `type` error at a place goes when another error at or below that place says more
 *   (`"0xZZ"` against hash-or-null reports the pattern, not "must be null");
 * - several `type` errors at one place merge into one ("must be string or null"), and so do the
 *   failures of alternatives side by side ("must match pattern ..., or must be one of [...]").
 */
export function toValidationIssues(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
  if (!errors || errors.length === 0) return []
  const detailed = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && e.keyword !== 'if')
  const isWithin = (path: string, place: string): boolean => path === place || path.startsWith(place + '/')
  const kept = errors.filter((error) => {
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if') {
      return !detailed.some((d) => isWithin(d.instancePath, error.instancePath))
    }
    if (error.keyword === 'type') {
      return !detailed.some((d) => d.keyword !== 'type' && isWithin(d.instancePath, error.instancePath))
    }
    return true
  })

  // Alternatives that failed side by side at one place (a quantity or a tag: "0x01" fails the
  // pattern and the enum) read as one issue: "must match pattern ..., or must be one of [...]".
  // Errors of one branch share their parentSchema (ajv's verbose mode).
  const merged = new Map<ErrorObject, ValidationIssue | null>()
  const alternativePlaces = new Set(errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.instancePath))
  for (const place of alternativePlaces) {
    if (kept.some((e) => e.instancePath.startsWith(place + '/'))) continue
    const here = kept.filter((e) => e.instancePath === place && e.keyword !== 'type')
    const branches = new Map<unknown, ErrorObject[]>()
    for (const error of here) {
      const key = error.parentSchema ?? error
      branches.set(key, [...(branches.get(key) ?? []), error])
    }
    if (branches.size < 2 || here.some((e) => describe(e).pointer !== place)) continue
    const message = [...branches.values()].map((branch) => branch.map((e) => describe(e).message).join(' and ')).join(', or ')
    here.forEach((error, index) => merged.set(error, index === 0 ? { pointer: place, message } : null))
  }

  const issues: ValidationIssue[] = []
  const typesAt = new Map<string, string[]>()
  const enumsAt = new Map<string, { values: unknown[]; issue: ValidationIssue }>()
  for (const error of kept) {
    if (error.keyword === 'type') {
      const types = typesAt.get(error.instancePath)
      const wanted = String((error.params as { type?: unknown }).type)
      if (types === undefined) {
        typesAt.set(error.instancePath, [wanted])
        issues.push({ pointer: error.instancePath, message: '' })
      } else if (!types.includes(wanted)) {
        types.push(wanted)
      }
      continue
    }
    const replacement = merged.get(error)
    if (replacement === null) continue
    if (replacement === undefined && error.keyword === 'enum') {
      // Alternatives that each allow other values at one place: one issue listing them all.
      const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? []
      const earlier = enumsAt.get(error.instancePath)
      if (earlier !== undefined) {
        for (const value of allowed) if (!earlier.values.some((v) => JSON.stringify(v) === JSON.stringify(value))) earlier.values.push(value)
        earlier.issue.message = `must be one of ${JSON.stringify(earlier.values)}`
        continue
      }
      const issue = describe(error)
      enumsAt.set(error.instancePath, { values: [...allowed], issue })
      issues.push(issue)
      continue
    }
    issues.push(replacement ?? describe(error))
  }
  for (const issue of issues) {
    if (issue.message === '') issue.message = `must be ${(typesAt.get(issue.pointer) ?? []).join(' or ')}`
  }
  return dedupe(issues)
}

function describe(error: ErrorObject): ValidationIssue {
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'additionalProperties':
      return {
        pointer: childPointer(error.instancePath, String(params['additionalProperty'])),
        message: `is not allowed (no additional properties here)`,
      }
    case 'required':
      return { pointer: error.instancePath, message: `must have required property '${String(params['missingProperty'])}'` }
    case 'enum':
      return { pointer: error.instancePath, message: `must be one of ${JSON.stringify(params['allowedValues'])}` }
    case 'const':
      return { pointer: error.instancePath, message: `must be ${JSON.stringify(params['allowedValue'])}` }
    default:
      return { pointer: error.instancePath, message: error.message ?? `fails "${error.keyword}"` }
  }
}

function dedupe(issues: ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>()
  return issues.filter((issue) => {
    const key = `${issue.pointer}\u0000${issue.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
