import type { DocumentValidators } from '../spec/documentValidators.js'
import { childPointer, resolvePointer } from '../spec/jsonPointer.js'
import type { ValidationIssue } from '../spec/validationIssue.js'
import { exampleChecker } from './exampleChecker.js'
import { forEachSchema } from './forEachSchema.js'
import type { LeftOut, RefDependencies } from './refDependencies.js'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Every example of an OpenRPC document that its schema rejects (SPEC-VALID): each example
 * pairing's param values against the method's param schemas (and the required params present,
 * none too many), its result against the result schema, and the `examples` of every schema.
 * Pointers name the example in the document (where a `$ref` leads, its target). With `refs`, what
 * needs a `$ref` that does not resolve (a method, a pairing, a param or result descriptor, a schema)
 * is left out and recorded there; everything else is checked.
 */
export function openRpcExampleIssues(document: unknown, validators: DocumentValidators, refs?: RefDependencies): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const check = exampleChecker(validators, issues, refs)
  /** The value at `pointer`, `$ref`s followed; when a broken one stops the way, what needs it is recorded as left out. */
  const at = (pointer: string, leftOut?: { kind: LeftOut; pointer: string }): { value: unknown; pointer: string } | undefined => {
    const found = resolvePointer(document, pointer)
    if (found === undefined && refs !== undefined && leftOut !== undefined) {
      const blocked = refs.onTheWay(pointer)
      if (blocked.length > 0) refs.leaveOut(blocked, leftOut.kind, leftOut.pointer)
    }
    return found
  }

  const methods = isObject(document) && Array.isArray(document['methods']) ? document['methods'] : []
  methods.forEach((_, index) => {
    const methodPointer = childPointer('/methods', index)
    const method = at(methodPointer, { kind: 'examples', pointer: methodPointer })
    if (method === undefined || !isObject(method.value)) return
    const definition = method.value
    const params = Array.isArray(definition['params']) ? definition['params'] : []
    const paramPlaces = params.map((__, paramIndex) => resolvePointer(document, childPointer(method.pointer, 'params', paramIndex)))
    const result = definition['result'] === undefined ? undefined : resolvePointer(document, childPointer(method.pointer, 'result'))
    const pairings = Array.isArray(definition['examples']) ? definition['examples'] : []
    pairings.forEach((__, pairingIndex) => {
      const pairingPointer = childPointer(method.pointer, 'examples', pairingIndex)
      const pairing = at(pairingPointer, { kind: 'examples', pointer: pairingPointer })
      if (pairing === undefined || !isObject(pairing.value)) return
      const exampleParams = Array.isArray(pairing.value['params']) ? pairing.value['params'] : []
      if (exampleParams.length > params.length) {
        issues.push({
          pointer: childPointer(pairing.pointer, 'params'),
          message: `has ${exampleParams.length} params; the method takes at most ${params.length}`,
        })
      }
      paramPlaces.forEach((param, paramIndex) => {
        const paramPointer = childPointer(method.pointer, 'params', paramIndex)
        if (paramIndex >= exampleParams.length) {
          if (param === undefined) at(paramPointer, { kind: 'required', pointer: childPointer(pairing.pointer, 'params') })
          else if (isObject(param.value) && param.value['required'] === true) {
            issues.push({
              pointer: childPointer(pairing.pointer, 'params'),
              message: `lacks the required param ${JSON.stringify(param.value['name'])} (position ${paramIndex})`,
            })
          }
          return
        }
        const examplePointer = childPointer(pairing.pointer, 'params', paramIndex)
        const example = at(examplePointer, { kind: 'example', pointer: examplePointer })
        if (example === undefined || !isObject(example.value)) return
        const valuePointer = childPointer(example.pointer, 'value')
        if (param === undefined) at(paramPointer, { kind: 'example', pointer: valuePointer })
        else if (isObject(param.value)) check(childPointer(param.pointer, 'schema'), example.value['value'], valuePointer)
      })
      if (pairing.value['result'] !== undefined && definition['result'] !== undefined) {
        const examplePointer = childPointer(pairing.pointer, 'result')
        const example = at(examplePointer, { kind: 'example', pointer: examplePointer })
        if (example === undefined || !isObject(example.value)) return
        const valuePointer = childPointer(example.pointer, 'value')
        if (result === undefined) at(childPointer(method.pointer, 'result'), { kind: 'example', pointer: valuePointer })
        else check(childPointer(result.pointer, 'schema'), example.value['value'], valuePointer)
      }
    })
  })

  // Schema-level examples: in component schemas, and in schemas written inline in methods.
  const schemaRoots: string[] = []
  const components = isObject(document) && isObject(document['components']) ? document['components'] : {}
  if (isObject(components['schemas'])) for (const name of Object.keys(components['schemas'])) schemaRoots.push(childPointer('/components/schemas', name))
  if (isObject(components['contentDescriptors']))
    for (const name of Object.keys(components['contentDescriptors'])) schemaRoots.push(childPointer('/components/contentDescriptors', name, 'schema'))
  methods.forEach((method, index) => {
    if (!isObject(method)) return
    if (Array.isArray(method['params']))
      method['params'].forEach((_, paramIndex) => schemaRoots.push(childPointer('/methods', index, 'params', paramIndex, 'schema')))
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
