import { holdsMoreValuesThan } from '../spec/jsonValueCount.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Branches } from './coverage.js'

/**
 * Values past this many JSON values are not classified: a branch of a block's schema validated
 * against a range of full blocks would cost as much as the check that judged it (ARCHITECTURE.md,
 * where coverage is computed). Answers past CLASSIFY_MAX_BYTES are not even walked.
 */
export const CLASSIFY_MAX_VALUES = 10_000
/** Answers of more bytes than this (as received) are not classified (see CLASSIFY_MAX_VALUES). */
export const CLASSIFY_MAX_BYTES = 256 * 1024

/** Sorts values into the alternatives of a schema's top-level `oneOf`/`anyOf`, compiling each alternative's validator when first needed. */
export interface BranchClassifier {
  /** A fresh, zeroed coverage entry for the alternatives. */
  empty(): Branches
  /** Counts the alternatives `value` matches into `into` (or `unmatched` when none does). */
  classify(value: unknown, into: Branches): void
}

type Schema = Record<string, unknown>

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The branch classifier of `schema` (dereferenced) when its top level is a `oneOf` or an `anyOf`,
 * else undefined. `validatorAt(pointer)` gives the compiled validator of the schema at a pointer
 * below `pointer` (OpenRpcSpec.schemaAt): the spec's own ajv instance, so each alternative compiles
 * once per spec, and only when a value is first classified.
 */
export function branchClassifier(schema: object, pointer: string, validatorAt: (pointer: string) => Validate | undefined): BranchClassifier | undefined {
  const keyword = Array.isArray((schema as Schema)['oneOf']) ? 'oneOf' : Array.isArray((schema as Schema)['anyOf']) ? 'anyOf' : undefined
  if (keyword === undefined) return undefined
  const alternatives = (schema as Schema)[keyword] as unknown[]
  const labels = alternatives.map((alternative, index) => branchLabel(alternative, index))
  const validators: Array<Validate | null | undefined> = alternatives.map(() => undefined)
  const validatorOf = (index: number): Validate | null => {
    let found = validators[index]
    if (found === undefined) {
      try {
        found = validatorAt(`${pointer}/${keyword}/${index}`) ?? null
      } catch {
        // An alternative that does not compile matches nothing here; lint and SPEC-VALID say why.
        found = null
      }
      validators[index] = found
    }
    return found
  }
  return {
    empty: () => ({ keyword, branches: labels.map((label, index) => ({ index, label, matched: 0 })), unmatched: 0 }),
    classify(value, into) {
      let any = false
      for (const branch of into.branches) {
        const validate = validatorOf(branch.index)
        if (validate !== null && validate(value).length === 0) {
          branch.matched++
          any = true
        }
      }
      if (!any) into.unmatched++
    },
  }
}

/** A name for an alternative a person recognises: its title, else its type (and enum), else its place. */
export function branchLabel(alternative: unknown, index: number): string {
  if (!isObject(alternative)) return `#${index}`
  if (typeof alternative['title'] === 'string' && alternative['title'] !== '') return alternative['title']
  const type = alternative['type']
  const typeText = typeof type === 'string' ? type : Array.isArray(type) ? type.filter((item) => typeof item === 'string').join('|') : ''
  const values = Array.isArray(alternative['enum']) ? alternative['enum'] : 'const' in alternative ? [alternative['const']] : undefined
  const valuesText = values === undefined ? '' : JSON.stringify(values)
  const text = [typeText, valuesText.length <= 40 ? valuesText : `${valuesText.slice(0, 39)}…`].filter((part) => part !== '').join(' ')
  return text === '' ? `#${index}` : text
}

/** Whether a (dereferenced) schema admits null: `type` null, OpenAPI's `nullable`, an enum or const of null, or an alternative that does. */
export function admitsNull(schema: unknown, depth = 0): boolean {
  if (!isObject(schema) || depth > 8) return false
  const type = schema['type']
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true
  if (schema['nullable'] === true) return true
  if (Array.isArray(schema['enum']) && schema['enum'].includes(null)) return true
  if ('const' in schema && schema['const'] === null) return true
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const alternatives = schema[keyword]
    if (Array.isArray(alternatives) && alternatives.some((alternative) => admitsNull(alternative, depth + 1))) return true
  }
  return false
}

/** Whether a value is small enough to classify (CLASSIFY_MAX_BYTES of the answer it came in, CLASSIFY_MAX_VALUES JSON values). */
export function classifiable(value: unknown, answerBytes: number | undefined): boolean {
  if (answerBytes !== undefined && answerBytes > CLASSIFY_MAX_BYTES) return false
  if (typeof value === 'string') return value.length <= CLASSIFY_MAX_BYTES
  return value === null || typeof value !== 'object' || !holdsMoreValuesThan(value, CLASSIFY_MAX_VALUES)
}
