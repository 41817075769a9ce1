import type { DocumentValidators } from '../spec/documentValidators.js'
import { childPointer, resolvePointer } from '../spec/jsonPointer.js'
import type { ValidationIssue } from '../spec/validationIssue.js'
import { exampleChecker } from './exampleChecker.js'
import { forEachSchema } from './forEachSchema.js'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Every example of an OpenRPC document that its schema rejects (SPEC-VALID): each example
 * pairing's param values against the method's param schemas (and the required params present,
 * none too many), its result against the result schema, and the `examples` of every schema.
 * Pointers name the example in the document (where a `$ref` leads, its target).
 */
export function openRpcExampleIssues(document: unknown, validators: DocumentValidators): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const at = (pointer: string): { value: unknown; pointer: string } | undefined => resolvePointer(document, pointer)
  const check = exampleChecker(validators, issues)

  const methods = isObject(document) && Array.isArray(document['methods']) ? document['methods'] : []
  methods.forEach((_, index) => {
    const method = at(childPointer('/methods', index))
    if (method === undefined || !isObject(method.value)) return
    const params = Array.isArray(method.value['params']) ? method.value['params'] : []
    const paramPlaces = params.map((__, paramIndex) => at(childPointer(method.pointer, 'params', paramIndex)))
    const result = method.value['result'] === undefined ? undefined : at(childPointer(method.pointer, 'result'))
    const pairings = Array.isArray(method.value['examples']) ? method.value['examples'] : []
    pairings.forEach((__, pairingIndex) => {
      const pairing = at(childPointer(method.pointer, 'examples', pairingIndex))
      if (pairing === undefined || !isObject(pairing.value)) return
      const exampleParams = Array.isArray(pairing.value['params']) ? pairing.value['params'] : []
      if (exampleParams.length > params.length) {
        issues.push({ pointer: childPointer(pairing.pointer, 'params'), message: `has ${exampleParams.length} params; the method takes at most ${params.length}` })
      }
      paramPlaces.forEach((param, paramIndex) => {
        if (param === undefined || !isObject(param.value)) return
        if (paramIndex >= exampleParams.length) {
          if (param.value['required'] === true) {
            issues.push({ pointer: childPointer(pairing.pointer, 'params'), message: `lacks the required param ${JSON.stringify(param.value['name'])} (position ${paramIndex})` })
          }
          return
        }
        const example = at(childPointer(pairing.pointer, 'params', paramIndex))
        if (example === undefined || !isObject(example.value)) return
        check(childPointer(param.pointer, 'schema'), example.value['value'], childPointer(example.pointer, 'value'))
      })
      if (pairing.value['result'] !== undefined && result !== undefined) {
        const example = at(childPointer(pairing.pointer, 'result'))
        if (example !== undefined && isObject(example.value)) check(childPointer(result.pointer, 'schema'), example.value['value'], childPointer(example.pointer, 'value'))
      }
    })
  })

  // Schema-level examples: in component schemas, and in schemas written inline in methods.
  const schemaRoots: string[] = []
  const components = isObject(document) && isObject(document['components']) ? document['components'] : {}
  if (isObject(components['schemas'])) for (const name of Object.keys(components['schemas'])) schemaRoots.push(childPointer('/components/schemas', name))
  if (isObject(components['contentDescriptors'])) for (const name of Object.keys(components['contentDescriptors'])) schemaRoots.push(childPointer('/components/contentDescriptors', name, 'schema'))
  methods.forEach((method, index) => {
    if (!isObject(method)) return
    if (Array.isArray(method['params'])) method['params'].forEach((_, paramIndex) => schemaRoots.push(childPointer('/methods', index, 'params', paramIndex, 'schema')))
    schemaRoots.push(childPointer('/methods', index, 'result', 'schema'))
  })
  for (const root of schemaRoots) {
    const schema = resolvePointer(document, root)
    // Only schemas written at this place: one reached through a $ref is checked where it is written.
    if (schema === undefined || schema.pointer !== root) continue
    forEachSchema(schema.value, root, (sub, pointer) => {
      if (!Array.isArray(sub['examples'])) return
      sub['examples'].forEach((value, exampleIndex) => check(pointer, value, childPointer(pointer, 'examples', exampleIndex)))
    })
  }
  return issues
}
