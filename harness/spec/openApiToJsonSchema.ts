import { childPointer, valueAt } from './jsonPointer.js'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

/** OAS 3.0 annotations that mean nothing to JSON Schema validation (dropped, so ajv never trips on them). */
const DROPPED = new Set(['example', 'xml', 'externalDocs', 'discriminator'])

/**
 * A copy of an OpenAPI 3.0 document in which every Schema Object is rewritten to the JSON Schema
 * draft-07 that ajv validates, keeping every place at the same JSON Pointer (so validators and
 * lint name the same places as the file):
 * - `nullable: true` becomes `type: [T, "null"]` (and adds null to an `enum`); without a `type`,
 *   the schema becomes `anyOf: [{type: "null"}, schema]`;
 * - boolean `exclusiveMinimum`/`exclusiveMaximum` become the draft-07 numbers;
 * - `example`, `xml`, `externalDocs`, `discriminator` and `x-` extensions are dropped.
 * Everything outside Schema Objects is copied unchanged.
 */
export function openApiToJsonSchema(document: Json): Json {
  const copy = structuredClone(document)
  for (const pointer of schemaPlaces(copy)) {
    const parentPointer = pointer.slice(0, pointer.lastIndexOf('/'))
    const key = pointer
      .slice(pointer.lastIndexOf('/') + 1)
      .replaceAll('~1', '/')
      .replaceAll('~0', '~')
    const parent = valueAt(copy, parentPointer)
    if (isObject(parent) && parent[key] !== undefined) parent[key] = convertSchema(parent[key])
  }
  return copy
}

/** The JSON Pointers of the top-level Schema Objects of an OpenAPI 3.0 document. */
export function schemaPlaces(document: Json): string[] {
  const places: string[] = []
  const components = isObject(document['components']) ? document['components'] : {}
  const each = (value: unknown, visit: (key: string, item: unknown) => void): void => {
    if (isObject(value)) for (const [key, item] of Object.entries(value)) visit(key, item)
  }
  const mediaTypes = (content: unknown, pointer: string): void =>
    each(content, (type, media) => {
      if (isObject(media) && media['schema'] !== undefined) places.push(childPointer(pointer, type, 'schema'))
    })
  const parameter = (value: unknown, pointer: string): void => {
    if (!isObject(value)) return
    if (value['schema'] !== undefined) places.push(childPointer(pointer, 'schema'))
    mediaTypes(value['content'], childPointer(pointer, 'content'))
  }
  const headers = (value: unknown, pointer: string): void => each(value, (name, header) => parameter(header, childPointer(pointer, name)))
  const response = (value: unknown, pointer: string): void => {
    if (!isObject(value)) return
    mediaTypes(value['content'], childPointer(pointer, 'content'))
    headers(value['headers'], childPointer(pointer, 'headers'))
  }
  const parameters = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) value.forEach((item, index) => parameter(item, childPointer(pointer, index)))
  }

  each(components['schemas'], (name) => places.push(childPointer('/components/schemas', name)))
  each(components['parameters'], (name, value) => parameter(value, childPointer('/components/parameters', name)))
  each(components['headers'], (name, value) => parameter(value, childPointer('/components/headers', name)))
  each(components['responses'], (name, value) => response(value, childPointer('/components/responses', name)))
  each(components['requestBodies'], (name, value) => {
    if (isObject(value)) mediaTypes(value['content'], childPointer('/components/requestBodies', name, 'content'))
  })
  each(document['paths'], (path, item) => {
    if (!isObject(item)) return
    const itemPointer = childPointer('/paths', path)
    parameters(item['parameters'], childPointer(itemPointer, 'parameters'))
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (!isObject(operation)) continue
      const opPointer = childPointer(itemPointer, method)
      parameters(operation['parameters'], childPointer(opPointer, 'parameters'))
      if (isObject(operation['requestBody'])) mediaTypes(operation['requestBody']['content'], childPointer(opPointer, 'requestBody', 'content'))
      each(operation['responses'], (status, value) => response(value, childPointer(opPointer, 'responses', status)))
    }
  })
  return places
}

/** Converts one OAS 3.0 Schema Object (and the schemas inside it) to draft-07 JSON Schema. */
export function convertSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema
  if (typeof schema['$ref'] === 'string') return schema
  const out: Json = {}
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key) || key.startsWith('x-') || key === 'nullable') continue
    switch (key) {
      case 'properties':
        out[key] = isObject(value) ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, convertSchema(sub)])) : value
        break
      case 'items':
      case 'not':
      case 'additionalProperties':
        out[key] = convertSchema(value)
        break
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
        out[key] = Array.isArray(value) ? value.map(convertSchema) : value
        break
      default:
        out[key] = value
    }
  }
  for (const bound of ['Minimum', 'Maximum'] as const) {
    const exclusive = schema[`exclusive${bound}`]
    const limit = schema[bound.toLowerCase()]
    if (typeof exclusive === 'boolean') {
      delete out[`exclusive${bound}`]
      if (exclusive && typeof limit === 'number') {
        out[`exclusive${bound}`] = limit
        delete out[bound.toLowerCase()]
      }
    }
  }
  if (schema['nullable'] === true) {
    if (typeof out['type'] === 'string') {
      out['type'] = [out['type'], 'null']
      if (Array.isArray(out['enum']) && !out['enum'].includes(null)) out['enum'] = [...out['enum'], null]
    } else {
      return { anyOf: [{ type: 'null' }, out] }
    }
  }
  return out
}
