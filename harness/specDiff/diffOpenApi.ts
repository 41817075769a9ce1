import { childPointer } from '../spec/jsonPointer.js'
import { locate, SchemaComparison, type Located } from './compareSchemas.js'
import { schemaChanges } from './schemaChanges.js'
import type { SpecChange } from './specChange.js'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

function operations(document: unknown): Map<string, Located> {
  const ops = new Map<string, Located>()
  const paths = locate(document, '/paths')
  if (paths === undefined || !isObject(paths.value)) return ops
  for (const path of Object.keys(paths.value)) {
    const item = locate(document, childPointer(paths.pointer, path))
    if (item === undefined || !isObject(item.value)) continue
    for (const method of METHODS) {
      const op = method in item.value ? locate(document, childPointer(item.pointer, method)) : undefined
      if (op !== undefined && isObject(op.value)) ops.set(`${method.toUpperCase()} ${path}`, op)
    }
  }
  return ops
}

/** Path-level parameters merged with the operation's own (the operation's win), keyed `in:name`. */
function parameters(document: unknown, op: Located): Map<string, Located> {
  const params = new Map<string, Located>()
  const pathItem = op.pointer.slice(0, op.pointer.lastIndexOf('/'))
  for (const base of [pathItem, op.pointer]) {
    const here = locate(document, childPointer(base, 'parameters'))
    if (here === undefined || !Array.isArray(here.value)) continue
    here.value.forEach((_, i) => {
      const p = locate(document, childPointer(here.pointer, i))
      if (p !== undefined && isObject(p.value) && typeof p.value.name === 'string') params.set(`${String(p.value.in)}:${p.value.name}`, p)
    })
  }
  return params
}

/** The JSON schema of a request body or response: its `application/json` media type, else its first one. */
function bodySchema(document: unknown, holder: Located | undefined): Located | undefined {
  if (holder === undefined || !isObject(holder.value)) return undefined
  const content = locate(document, childPointer(holder.pointer, 'content'))
  if (content === undefined || !isObject(content.value)) return undefined
  const types = Object.keys(content.value)
  const type = types.find((t) => /^application\/(.+\+)?json/.test(t)) ?? types[0]
  return type === undefined ? undefined : locate(document, childPointer(content.pointer, type, 'schema'))
}

/**
 * The changes between two openapi.yaml documents (l2conf spec-diff), classified: operations removed
 * (clients break) or added (servers must serve them); parameters removed (the API refuses an
 * unknown query parameter, so clients sending it break), added, made required or optional, their
 * schemas narrowed or widened; request bodies and response bodies narrowed or widened (by the
 * direction the data flows); success responses removed. Schemas are compared by what they accept
 * (compareSchemas.ts), every `$ref` followed, in the OpenAPI 3.0 dialect (`nullable` counts as the
 * type null).
 */
export function diffOpenApi(oldDoc: unknown, newDoc: unknown): SpecChange[] {
  const changes: SpecChange[] = []
  const comparison = new SchemaComparison(oldDoc, newDoc)
  const opsA = operations(oldDoc)
  const opsB = operations(newDoc)
  for (const [where, at] of opsA) {
    if (!opsB.has(where))
      changes.push({
        kind: 'operation-removed',
        breaks: ['client'],
        where,
        message: `${where} removed: clients calling it get 404 or 405`,
        old: at.pointer,
        new: null,
      })
  }
  for (const [where, at] of opsB) {
    if (!opsA.has(where))
      changes.push({ kind: 'operation-added', breaks: ['server'], where, message: `${where} added: servers must now serve it`, old: null, new: at.pointer })
  }
  for (const [where, a] of opsA) {
    const b = opsB.get(where)
    if (b === undefined) continue
    const pa = parameters(oldDoc, a)
    const pb = parameters(newDoc, b)
    for (const [key, at] of pa) {
      const name = key.slice(key.indexOf(':') + 1)
      const other = pb.get(key)
      if (other === undefined) {
        changes.push({
          kind: 'param-removed',
          breaks: ['client'],
          where,
          message: `parameter '${name}' (${key.split(':')[0]}) removed: clients sending it are refused`,
          old: at.pointer,
          new: null,
        })
        continue
      }
      const x = at.value as Json
      const y = other.value as Json
      if (x.required !== true && y.required === true)
        changes.push({
          kind: 'param-required',
          breaks: ['client'],
          where,
          message: `parameter '${name}' is now required: clients leaving it out are refused`,
          old: at.pointer,
          new: other.pointer,
        })
      if (x.required === true && y.required !== true)
        changes.push({
          kind: 'param-optional',
          breaks: ['server'],
          where,
          message: `parameter '${name}' is now optional: servers must accept it left out`,
          old: at.pointer,
          new: other.pointer,
        })
      const sa = locate(oldDoc, childPointer(at.pointer, 'schema'))
      const sb = locate(newDoc, childPointer(other.pointer, 'schema'))
      if (sa !== undefined && sb !== undefined) changes.push(...schemaChanges(comparison, sa, sb, { where, what: `parameter '${name}'`, direction: 'request' }))
    }
    for (const [key, at] of pb) {
      if (pa.has(key)) continue
      const name = key.slice(key.indexOf(':') + 1)
      changes.push(
        (at.value as Json).required === true
          ? {
              kind: 'param-added-required',
              breaks: ['client', 'server'],
              where,
              message: `required parameter '${name}' added: clients must send it`,
              old: a.pointer,
              new: at.pointer,
            }
          : {
              kind: 'param-added',
              breaks: ['server'],
              where,
              message: `optional parameter '${name}' added: servers must accept it`,
              old: a.pointer,
              new: at.pointer,
            },
      )
    }

    const ba = bodySchema(oldDoc, locate(oldDoc, childPointer(a.pointer, 'requestBody')))
    const bb = bodySchema(newDoc, locate(newDoc, childPointer(b.pointer, 'requestBody')))
    if (ba !== undefined && bb !== undefined) changes.push(...schemaChanges(comparison, ba, bb, { where, what: 'request body', direction: 'request' }))

    const ra = locate(oldDoc, childPointer(a.pointer, 'responses'))
    const rb = locate(newDoc, childPointer(b.pointer, 'responses'))
    const statusesA = isObject(ra?.value) ? Object.keys(ra.value) : []
    const statusesB = isObject(rb?.value) ? Object.keys(rb.value) : []
    for (const status of statusesA) {
      const at = locate(oldDoc, childPointer(ra?.pointer ?? '', status))
      if (!statusesB.includes(status)) {
        if (/^2/.test(status))
          changes.push({
            kind: 'response-removed',
            breaks: ['client', 'server'],
            where,
            message: `response ${status} removed`,
            old: at?.pointer ?? null,
            new: rb?.pointer ?? null,
          })
        else
          changes.push({
            kind: 'response-removed',
            breaks: ['server'],
            where,
            message: `response ${status} removed: servers answering it no longer conform`,
            old: at?.pointer ?? null,
            new: rb?.pointer ?? null,
          })
        continue
      }
      const sa = bodySchema(oldDoc, at)
      const sb = bodySchema(newDoc, locate(newDoc, childPointer(rb?.pointer ?? '', status)))
      if (sa !== undefined && sb !== undefined)
        changes.push(...schemaChanges(comparison, sa, sb, { where, what: `response ${status} body`, direction: 'response' }))
    }
    for (const status of statusesB) {
      if (statusesA.includes(status)) continue
      const at = locate(newDoc, childPointer(rb?.pointer ?? '', status))
      changes.push({
        kind: 'response-added',
        breaks: ['client'],
        where,
        message: `response ${status} added: clients may now receive it`,
        old: ra?.pointer ?? null,
        new: at?.pointer ?? null,
      })
    }
  }
  return changes
}
