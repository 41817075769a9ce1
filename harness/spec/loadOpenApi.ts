import { HarnessError } from '../errors/harnessError.js'
import { dereference } from './dereference.js'
import { createDocumentValidators, type ValidatorOptions } from './documentValidators.js'
import { childPointer, refTarget, resolvePointer } from './jsonPointer.js'
import type { ServerSpec } from './loadOpenRpc.js'
import { openApiToJsonSchema } from './openApiToJsonSchema.js'
import { readSpecFile } from './readSpecFile.js'
import { serversOf } from './serversOf.js'
import type { Validate } from './validationIssue.js'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options'

/** One operation (method + path) of openapi.yaml, with its validators compiled. */
export interface OperationSpec {
  method: HttpMethod
  /** The path as written in the spec, relative to the server base (e.g. `/v2/treasury/tokens`). */
  path: string
  operationId?: string
  tags: string[]
  /** The operation's `summary` (`''` when absent). */
  summary: string
  /** Path-level parameters merged with the operation's own (the operation's win); `schema` dereferenced, OAS 3.0 dialect. */
  parameters: Array<{ name: string; in: 'query' | 'path' | 'header' | 'cookie'; required: boolean; schema: object; validate: Validate }>
  /**
   * By status code as written (`'200'`, `'4XX'`, `'default'`). `contentType` is the response's JSON
   * media type (or its first one); `schema`/`validate`/`example` belong to that media type, the
   * example being the media type's `example`, else its first `examples` value.
   */
  responses: Record<string, { description: string; contentType?: string; schema?: object; validate?: Validate; example?: unknown }>
}

/** openapi.yaml loaded: the operations the suites enumerate and the component schemas. */
export interface OpenApiSpec {
  file: string
  /** `info.version`. */
  version: string
  /** sha256 of the file's bytes (for the report's `specs`). */
  sha256: string
  /** The whole document with every local `$ref` replaced by its target (schemas in the OAS 3.0 dialect, unconverted). */
  document: unknown
  servers: ServerSpec[]
  operations: OperationSpec[]
  /**
   * A schema of `components.schemas` by name, dereferenced, with its compiled validator.
   * Throws HarnessError L2CONF_ERR_SPEC for a name the document does not define.
   */
  schema(name: string): { schema: object; validate: Validate }
}

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options']
const LOCATIONS = new Set(['query', 'path', 'header', 'cookie'])

/**
 * Loads an OpenAPI 3.0 document (ARCHITECTURE.md "the spec is data"): reads and hashes the file, resolves
 * every `$ref`, converts the OAS 3.0 schemas to JSON Schema (`nullable` and friends) and compiles
 * one validator per parameter, response body and component schema, once (when asked for
 * `compile: 'on-first-use'`, each when it first validates a value, and a schema that does not compile
 * is found then).
 * Throws HarnessError L2CONF_ERR_SPEC (details: file, pointer) when the file cannot be read or
 * parsed, is not an OpenAPI 3.x document, has a `$ref` that names nothing or a schema that does not compile.
 */
export async function loadOpenApi(file: string, options: ValidatorOptions = {}): Promise<OpenApiSpec> {
  const { value, sha256 } = await readSpecFile(file)
  const raw = value as Json
  const fail = (pointer: string, message: string): never => {
    throw new HarnessError('L2CONF_ERR_SPEC', `${file}#${pointer}: ${message}`, { file, pointer })
  }
  if (typeof raw['openapi'] !== 'string' || !raw['openapi'].startsWith('3.')) fail('', 'not an OpenAPI 3 document (no "openapi": "3.x" member)')
  const info = isObject(raw['info']) ? raw['info'] : {}

  const document = dereference(raw, file)
  // What a node answers is judged here: a value the spec's oneOf describes twice is not the node's fault.
  const validators = createDocumentValidators(openApiToJsonSchema(raw), file, { overlappingOneOf: 'accept', ...options })
  const at = (pointer: string): { value: unknown; pointer: string } => resolvePointer(raw, pointer) ?? fail(pointer, 'a $ref on the way names nothing')
  const derefAt = (pointer: string): object => {
    const found = resolvePointer(document, pointer)?.value
    return isObject(found) ? found : {}
  }

  const parameterAt = (pointer: string): OperationSpec['parameters'][number] => {
    const { value: parameter, pointer: pp } = at(pointer)
    if (!isObject(parameter) || typeof parameter['name'] !== 'string' || !LOCATIONS.has(String(parameter['in']))) {
      return fail(pp, 'a parameter needs a name and "in" (query, path, header or cookie)')
    }
    const location = parameter['in'] as OperationSpec['parameters'][number]['in']
    const hasSchema = parameter['schema'] !== undefined
    return {
      name: parameter['name'],
      in: location,
      required: parameter['required'] === true || location === 'path',
      schema: hasSchema ? derefAt(childPointer(pp, 'schema')) : {},
      validate: hasSchema ? validators.at(childPointer(pp, 'schema')) : () => [],
    }
  }

  const operations: OperationSpec[] = []
  const paths = isObject(raw['paths']) ? raw['paths'] : {}
  for (const path of Object.keys(paths)) {
    const { value: item, pointer: itemPointer } = at(childPointer('/paths', path))
    if (!isObject(item)) continue
    const shared = Array.isArray(item['parameters']) ? item['parameters'].map((_, index) => parameterAt(childPointer(itemPointer, 'parameters', index))) : []
    for (const method of METHODS) {
      const operation = item[method]
      if (!isObject(operation)) continue
      const opPointer = childPointer(itemPointer, method)
      const own = Array.isArray(operation['parameters'])
        ? operation['parameters'].map((_, index) => parameterAt(childPointer(opPointer, 'parameters', index)))
        : []
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own]

      const responses: OperationSpec['responses'] = {}
      const responsesValue = isObject(operation['responses']) ? operation['responses'] : {}
      for (const status of Object.keys(responsesValue)) {
        const { value: response, pointer: rp } = at(childPointer(opPointer, 'responses', status))
        if (!isObject(response)) return fail(rp, 'a response must be an object')
        const entry: OperationSpec['responses'][string] = { description: typeof response['description'] === 'string' ? response['description'] : '' }
        const content = isObject(response['content']) ? response['content'] : {}
        const types = Object.keys(content)
        const contentType = types.find((type) => /^application\/(.+\+)?json\b/.test(type)) ?? types[0]
        if (contentType !== undefined) {
          entry.contentType = contentType
          const media = content[contentType]
          const mediaPointer = childPointer(rp, 'content', contentType)
          if (isObject(media)) {
            if (media['schema'] !== undefined) {
              entry.schema = derefAt(childPointer(mediaPointer, 'schema'))
              entry.validate = validators.at(childPointer(mediaPointer, 'schema'))
            }
            const example = mediaExample(media, (pointer) => resolvePointer(raw, pointer)?.value)
            if (example !== undefined) entry.example = example
          }
        }
        responses[status] = entry
      }

      const spec: OperationSpec = {
        method,
        path,
        tags: Array.isArray(operation['tags']) ? operation['tags'].filter((tag): tag is string => typeof tag === 'string') : [],
        summary: typeof operation['summary'] === 'string' ? operation['summary'] : '',
        parameters,
        responses,
      }
      if (typeof operation['operationId'] === 'string') spec.operationId = operation['operationId']
      operations.push(spec)
    }
  }

  const schemas = new Map<string, { schema: object; validate: Validate }>()
  const components = isObject(raw['components']) && isObject(raw['components']['schemas']) ? raw['components']['schemas'] : {}
  for (const name of Object.keys(components)) {
    const pointer = childPointer('/components/schemas', name)
    schemas.set(name, { schema: derefAt(pointer), validate: validators.at(pointer) })
  }

  return {
    file,
    version: typeof info['version'] === 'string' ? info['version'] : '',
    sha256,
    document,
    servers: serversOf(raw['servers'], 'description'),
    operations,
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
  }
}

/** The example of a media type: its `example`, else the value of its first `examples` entry (following a `$ref`). */
function mediaExample(media: Json, resolve: (pointer: string) => unknown): unknown {
  if (media['example'] !== undefined) return media['example']
  if (!isObject(media['examples'])) return undefined
  for (const entry of Object.values(media['examples'])) {
    const target = isObject(entry) && typeof entry['$ref'] === 'string' ? refTarget(entry['$ref']) : undefined
    const example = target === undefined ? entry : resolve(target)
    if (isObject(example) && example['value'] !== undefined) return example['value']
  }
  return undefined
}
