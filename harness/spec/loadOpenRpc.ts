import { HarnessError } from '../errors/harnessError.js'
import { dereference } from './dereference.js'
import { createDocumentValidators, type DocumentValidators, type ValidatorOptions } from './documentValidators.js'
import { childPointer, resolvePointer } from './jsonPointer.js'
import { readSpecFile } from './readSpecFile.js'
import { serversOf, type ServerSpec } from './serversOf.js'
import type { Validate } from './validationIssue.js'

// ServerSpec lives beside serversOf, which reads it; importers of this module still find it here.
export type { ServerSpec }

/** One method of openrpc.json, with its validators compiled. */
export interface MethodSpec {
  name: string
  /** The method's `summary` (its `description` when there is no summary; `''` when neither). */
  summary: string
  /** Positional params in order; `schema` dereferenced. */
  params: Array<{ name: string; required: boolean; schema: object; validate: Validate }>
  /**
   * The result's content descriptor. A method without one gets `{}` (anything validates). `pointer`
   * is where its schema sits in the document (`$ref`s on the way not followed), for the schemas
   * inside it (schemaAt): absent when the method has no result.
   */
  result: { name: string; schema: object; validate: Validate; pointer?: string; should?: ShouldSchema }
  /** The example pairings: param values in order, and the result value (undefined when the pairing has none, e.g. a blocked method). */
  examples: Array<{ name: string; params: unknown[]; result: unknown }>
  /** The errors the method is documented to answer. */
  errors: Array<{ code: number; message: string }>
  /** From the method-level `x-blocked` extension: the method always answers an error naming the alternative. */
  blocked?: { reason: string; alternative: string }
  /** From `x-transports`; both when absent. */
  transports: Array<'http' | 'ws'>
}

/**
 * A result's `x-should`: a narrower schema a node SHOULD answer within, where the MUST schema is
 * Ethereum's own (wider) one, with the reason for the habit (docs/spec-decisions.md).
 */
export interface ShouldSchema {
  validate: Validate
  reason: string
}

/** openrpc.json loaded: the methods the suites enumerate, the component schemas, the limits. */
export interface OpenRpcSpec {
  file: string
  /** `info.version`. */
  version: string
  /** sha256 of the file's bytes (for the report's `specs`). */
  sha256: string
  /** The whole document with every local `$ref` replaced by its target. */
  document: unknown
  methods: MethodSpec[]
  method(name: string): MethodSpec | undefined
  /**
   * A schema of `components.schemas` by name, dereferenced, with its compiled validator.
   * Throws HarnessError L2CONF_ERR_SPEC for a name the document does not define.
   */
  schema(name: string): { schema: object; validate: Validate }
  /**
   * The schema at a JSON pointer into the document (`$ref`s on the way followed), dereferenced, with
   * its compiled validator: a schema inside a method's result (`${result.pointer}/items`), named by
   * where the method uses it rather than by what the document calls it. Undefined when nothing is
   * there; throws HarnessError L2CONF_ERR_SPEC when it does not compile.
   */
  schemaAt(pointer: string): { schema: object; validate: Validate } | undefined
  /** `info["x-limits"]`; `{}` when absent. */
  limits: Record<string, unknown>
  servers: ServerSpec[]
}

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function asString(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback
}

/**
 * Loads an OpenRPC document (ARCHITECTURE.md "the spec is data"): reads and hashes the file, resolves
 * every `$ref`, and compiles one validator per param, result and component schema, once (when asked
 * for `compile: 'on-first-use'`, each when it first validates a value, and a schema that does not
 * compile is found then). It checks what it needs to work, not everything lint checks.
 * Throws HarnessError L2CONF_ERR_SPEC (details: file, pointer) when the file cannot be read or
 * parsed, is not an OpenRPC document, has a `$ref` that names nothing or a schema that does not compile.
 */
export async function loadOpenRpc(file: string, options: ValidatorOptions = {}): Promise<OpenRpcSpec> {
  const { value, sha256 } = await readSpecFile(file)
  const raw = value as Json
  const fail = (pointer: string, message: string): never => {
    throw new HarnessError('L2CONF_ERR_SPEC', `${file}#${pointer}: ${message}`, { file, pointer })
  }
  if (typeof raw['openrpc'] !== 'string') fail('', 'not an OpenRPC document (no "openrpc" version string)')
  if (!Array.isArray(raw['methods'])) fail('/methods', 'not an OpenRPC document ("methods" must be an array)')
  const info = isObject(raw['info']) ? raw['info'] : {}

  const document = dereference(raw, file)
  // What a node answers is judged here: a value the spec's oneOf describes twice is not the node's fault.
  const validators = createDocumentValidators(raw, file, { overlappingOneOf: 'accept', ...options })
  const at = (pointer: string): { value: unknown; pointer: string } => resolvePointer(raw, pointer) ?? fail(pointer, 'a $ref on the way names nothing')
  const derefAt = (pointer: string): unknown => resolvePointer(document, pointer)?.value

  const methods = (raw['methods'] as unknown[]).map((_, index) => methodAt(childPointer('/methods', index), { at, derefAt, validators, fail }))

  const byName = new Map<string, MethodSpec>()
  for (const [index, method] of methods.entries()) {
    if (byName.has(method.name)) fail(childPointer('/methods', index, 'name'), `the method name ${JSON.stringify(method.name)} is used twice`)
    byName.set(method.name, method)
  }

  const schemas = new Map<string, { schema: object; validate: Validate }>()
  const components = isObject(raw['components']) && isObject(raw['components']['schemas']) ? raw['components']['schemas'] : {}
  for (const name of Object.keys(components)) {
    const pointer = childPointer('/components/schemas', name)
    schemas.set(name, { schema: asSchema(derefAt(pointer)), validate: validators.at(pointer) })
  }

  return {
    file,
    version: asString(info['version']),
    sha256,
    document,
    methods,
    method: (name) => byName.get(name),
    schema(name) {
      const found = schemas.get(name)
      if (found === undefined) {
        throw new HarnessError('L2CONF_ERR_SPEC', `${file}: no schema ${JSON.stringify(name)} in components.schemas`, {
          file,
          pointer: childPointer('/components/schemas', name),
        })
      }
      return found
    },
    schemaAt(pointer) {
      const found = resolvePointer(raw, pointer)
      if (found === undefined) return undefined
      return { schema: asSchema(derefAt(found.pointer)), validate: validators.at(found.pointer) }
    },
    limits: isObject(info['x-limits']) ? { ...info['x-limits'] } : {},
    servers: serversOf(raw['servers'], 'name'),
  }
}

interface Context {
  at(pointer: string): { value: unknown; pointer: string }
  derefAt(pointer: string): unknown
  validators: DocumentValidators
  fail(pointer: string, message: string): never
}

function asSchema(value: unknown): object {
  // A boolean schema `true` accepts anything; `false` nothing: as objects, `{}` and `{ not: {} }`.
  if (value === true || value === undefined) return {}
  if (value === false) return { not: {} }
  return isObject(value) ? value : {}
}

function methodAt(methodPointer: string, context: Context): MethodSpec {
  const { at, derefAt, validators, fail } = context
  const { value: methodValue, pointer: mp } = at(methodPointer)
  if (!isObject(methodValue)) return fail(mp, 'a method must be an object')
  const name = asString(methodValue['name'])
  if (name === '') fail(childPointer(mp, 'name'), 'a method needs a name')

  const paramsValue = Array.isArray(methodValue['params']) ? methodValue['params'] : []
  const params = paramsValue.map((_, index) => {
    const { value: descriptor, pointer } = at(childPointer(mp, 'params', index))
    if (!isObject(descriptor)) return fail(pointer, 'a param must be a content descriptor object')
    const schemaPointer = childPointer(pointer, 'schema')
    return {
      name: asString(descriptor['name'], `param${index}`),
      required: descriptor['required'] === true,
      schema: asSchema(derefAt(schemaPointer)),
      validate: validators.at(schemaPointer),
    }
  })

  let result: MethodSpec['result'] = { name: 'result', schema: {}, validate: () => [] }
  if (methodValue['result'] !== undefined) {
    const { value: descriptor, pointer } = at(childPointer(mp, 'result'))
    if (!isObject(descriptor)) return fail(pointer, 'the result must be a content descriptor object')
    const schemaPointer = childPointer(pointer, 'schema')
    result = {
      name: asString(descriptor['name'], 'result'),
      schema: asSchema(derefAt(schemaPointer)),
      validate: validators.at(schemaPointer),
      pointer: schemaPointer,
    }
    const should = descriptor['x-should']
    if (isObject(should) && should['schema'] !== undefined)
      result.should = { validate: validators.at(childPointer(pointer, 'x-should', 'schema')), reason: asString(should['reason']) }
  }

  const examplesValue = Array.isArray(methodValue['examples']) ? methodValue['examples'] : []
  const examples = examplesValue.map((_, index) => {
    const { value: pairing, pointer } = at(childPointer(mp, 'examples', index))
    if (!isObject(pairing)) return fail(pointer, 'an example pairing must be an object')
    const exampleParams = Array.isArray(pairing['params']) ? pairing['params'] : []
    const values = exampleParams.map((__, paramIndex) => exampleValue(at(childPointer(pointer, 'params', paramIndex)).value))
    const resultValue = pairing['result'] === undefined ? undefined : exampleValue(at(childPointer(pointer, 'result')).value)
    return { name: asString(pairing['name'], `example${index}`), params: values, result: resultValue }
  })

  const errorsValue = Array.isArray(methodValue['errors']) ? methodValue['errors'] : []
  const errors = errorsValue.map((_, index) => {
    const { value: error, pointer } = at(childPointer(mp, 'errors', index))
    if (!isObject(error) || typeof error['code'] !== 'number') return fail(pointer, 'an error needs an integer code')
    return { code: error['code'], message: asString(error['message']) }
  })

  const method: MethodSpec = {
    name,
    summary: asString(methodValue['summary'], asString(methodValue['description'])),
    params,
    result,
    examples,
    errors,
    transports: transportsOf(methodValue['x-transports']),
  }
  const blocked = methodValue['x-blocked']
  if (blocked !== undefined) {
    if (!isObject(blocked)) return fail(childPointer(mp, 'x-blocked'), 'x-blocked must be an object {reason, alternative}')
    method.blocked = { reason: asString(blocked['reason']), alternative: asString(blocked['alternative']) }
  }
  return method
}

function exampleValue(example: unknown): unknown {
  // Example objects carry the value in `value` (OpenRPC 1.3; `externalValue` is not supported).
  return isObject(example) ? example['value'] : undefined
}

function transportsOf(value: unknown): Array<'http' | 'ws'> {
  if (!Array.isArray(value)) return ['http', 'ws']
  return value.filter((item): item is 'http' | 'ws' => item === 'http' || item === 'ws')
}
