import type { Ajv, ErrorObject } from 'ajv'
import { HarnessError } from '../errors/harnessError.js'
import { explainUnions, isUnionFailure } from './closestBranch.js'
import { childPointer, refTarget, resolvePointer } from './jsonPointer.js'
import { holdsMoreValuesThan } from './jsonValueCount.js'
import { createSpecAjv } from './specAjv.js'
import { toValidationIssues } from './validationIssues.js'
import type { Validate, ValidationIssue } from './validationIssue.js'

/** Compiles validators for the schemas of one spec document, named by JSON Pointer. */
export interface DocumentValidators {
  /**
   * The validator of the schema at `pointer` (local `$ref`s on the way are followed), compiled once
   * and cached. Throws HarnessError L2CONF_ERR_SPEC (details: file, pointer) when nothing is there
   * or the schema does not compile.
   */
  at(pointer: string): Validate
}

let documentCounter = 0

/**
 * Values of more JSON values than this are validated fail-fast: listing every problem of a body of a
 * million unexpected keys would build a million error objects (the issue measured 3.1 GB). A
 * 1000-block range of full transactions holds about 40,000.
 */
export const LARGE_VALUE_VALUES = 100_000
/** At most this many of ajv's errors are turned into issues; the rest are counted in one more issue. */
export const MAX_LISTED_ERRORS = 200

/**
 * Adds `document` (a whole OpenRPC document, or an OpenAPI one already converted to JSON Schema)
 * to a fresh ajv instance under a private id, so that every schema in it, with the local `$ref`s
 * between them, compiles straight from its place in the document: refs are resolved by ajv
 * (recursive schemas work) and shared schemas are compiled once.
 */
export function createDocumentValidators(document: object, file: string, options: ValidatorOptions = {}): DocumentValidators {
  const id = `urn:l2conf:spec:${++documentCounter}`
  /** An ajv instance holding the document under `id`. */
  const documentAjv = (allErrors: boolean): Ajv => createSpecAjv({ allErrors }).addSchema(document, id)
  // Made when the first schema compiles: loading a spec compiles nothing until a validator is used.
  let instance: Ajv | undefined
  const ajvOf = (): Ajv => (instance ??= documentAjv(true))
  const cache = new Map<string, Validate>()
  const handedOut = new Map<string, Validate>()
  const compiling = new Set<string>()

  // ajv caches a schema compiled through a `$ref` apart from one asked for by name, so a schema
  // asked for after something referencing it would compile twice. Compiling what a schema
  // references first (depth first) makes every later reference reuse it.
  const compileReferencedFirst = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) compileReferencedFirst(item)
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          const target = refTarget(value)
          const resolved = target === undefined ? undefined : resolvePointer(document, target)
          if (resolved !== undefined && !compiling.has(resolved.pointer) && !cache.has(resolved.pointer)) compileAt(resolved)
        } else if (key !== 'examples' && key !== 'example' && key !== 'default' && key !== 'enum' && key !== 'const') {
          compileReferencedFirst(value)
        }
      }
    }
  }

  // Where each schema object of the document lives, made when a union first fails: ajv's errors
  // name the schema they come from as the object, and the closest branch is validated by its place.
  let places: WeakMap<object, string> | undefined
  const placeOf = (schema: object): string | undefined => (places ??= schemaPlaces(document)).get(schema)
  const errorsAt = (pointer: string, value: unknown): ErrorObject[] | undefined => {
    const validateFn = ajvOf().getSchema(`${id}#${encodeURI(pointer)}`)
    if (validateFn === undefined) return undefined
    return validateFn(value) ? [] : [...(validateFn.errors ?? [])]
  }

  // The fail-fast twin, made only when a large value comes: it stops at the first problem.
  let failFast: Ajv | undefined
  const validateLarge = (schemaRef: string, value: unknown): ValidationIssue[] => {
    failFast ??= documentAjv(false)
    const validateFn = failFast.getSchema(schemaRef)
    if (validateFn === undefined || validateFn(value)) return []
    return [
      ...toValidationIssues(validateFn.errors),
      { pointer: '', message: `holds more than ${LARGE_VALUE_VALUES.toLocaleString('en')} JSON values: validation stopped at the first problem` },
    ]
  }

  /** The compiled validator of a resolved schema, compiled now unless it was before. */
  const compileAt = (resolved: { value: unknown; pointer: string }): Validate => {
    const cached = cache.get(resolved.pointer)
    if (cached !== undefined) return cached
    compiling.add(resolved.pointer)
    try {
      compileReferencedFirst(resolved.value)
    } finally {
      compiling.delete(resolved.pointer)
    }
    let compiled
    try {
      compiled = ajvOf().getSchema(`${id}#${encodeURI(resolved.pointer)}`)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new HarnessError(
        'L2CONF_ERR_SPEC',
        `${file}#${resolved.pointer}: the schema does not compile: ${reason}`,
        { file, pointer: resolved.pointer },
        { cause: error },
      )
    }
    if (compiled === undefined) {
      throw new HarnessError('L2CONF_ERR_SPEC', `${file}#${resolved.pointer}: no schema there`, { file, pointer: resolved.pointer })
    }
    const validateFn = compiled
    const schemaRef = `${id}#${encodeURI(resolved.pointer)}`
    const validate: Validate = (value) => {
      if (holdsMoreValuesThan(value, LARGE_VALUE_VALUES)) return validateLarge(schemaRef, value)
      if (validateFn(value)) return []
      const raw = [...(validateFn.errors ?? [])]
      const explained = raw.some(isUnionFailure) ? explainUnions(raw, document, errorsAt, placeOf) : raw
      const errors = options.overlappingOneOf === 'accept' ? explained.filter((error) => !overlapping(error)) : explained
      return errors.length === 0 ? [] : boundedIssues(errors)
    }
    cache.set(resolved.pointer, validate)
    return validate
  }

  return {
    at(pointer: string): Validate {
      const resolved = resolvePointer(document, pointer)
      if (resolved === undefined) {
        throw new HarnessError('L2CONF_ERR_SPEC', `${file}#${pointer}: no schema there (or a $ref on the way does not resolve)`, { file, pointer })
      }
      if (options.compile !== 'on-first-use') return compileAt(resolved)
      const known = handedOut.get(resolved.pointer)
      if (known !== undefined) return known
      let compiled: Validate | undefined
      const validate: Validate = (value) => (compiled ??= compileAt(resolved))(value)
      handedOut.set(resolved.pointer, validate)
      return validate
    },
  }
}

/** How a document's validators are compiled. */
export interface ValidatorOptions {
  /**
   * 'eager' (the default): each when it is asked for, so a schema that does not compile is found at
   * once. 'on-first-use': when it first validates a value, for a process that uses few of them (the
   * suites' worker) on a spec already found to compile (by the run's preparation); a schema that does
   * not compile then throws from that first validation.
   */
  compile?: 'eager' | 'on-first-use'
  /**
   * A value that matches more than one alternative of a `oneOf` and breaks nothing else: 'refuse'
   * (the default, JSON Schema's rule: what lint holds a spec's examples to) or 'accept', for judging
   * what a node answers. Such a value is one the spec describes twice (an empty list is both "a list
   * of hashes" and "a list of logs"): the overlap is the spec's, and the node's answer is what the
   * spec says it may be. Only an overlap where the value breaks nothing else is accepted; one that
   * makes an enclosing alternative fail still counts there.
   */
  overlappingOneOf?: 'refuse' | 'accept'
}

/** The JSON pointer of each object of `document` (examples and values left out: they are not schemas). */
function schemaPlaces(document: object): WeakMap<object, string> {
  const places = new WeakMap<object, string>()
  const visit = (node: unknown, pointer: string): void => {
    if (typeof node !== 'object' || node === null || places.has(node)) return
    places.set(node, pointer)
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'examples' && key !== 'example' && key !== 'default' && key !== 'enum' && key !== 'const') visit(value, childPointer(pointer, key))
    }
  }
  visit(document, '')
  return places
}

/** ajv's error for a `oneOf` the value matched more than one alternative of (and none of its failing). */
function overlapping(error: ErrorObject): boolean {
  return error.keyword === 'oneOf' && Array.isArray((error.params as { passingSchemas?: unknown }).passingSchemas)
}

/** ajv's errors as issues, at most MAX_LISTED_ERRORS of them turned (the merging is quadratic), the rest counted. */
function boundedIssues(errors: readonly ErrorObject[]): ValidationIssue[] {
  if (errors.length <= MAX_LISTED_ERRORS) return toValidationIssues(errors)
  const more = errors.length - MAX_LISTED_ERRORS
  return [...toValidationIssues(errors.slice(0, MAX_LISTED_ERRORS)), { pointer: '', message: `and ${more} more problems (not listed)` }]
}
