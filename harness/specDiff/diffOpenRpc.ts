import { childPointer } from '../spec/jsonPointer.js'
import { locate, SchemaComparison, type Located } from './compareSchemas.js'
import { schemaChanges } from './schemaChanges.js'
import type { SpecChange } from './specChange.js'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function list(document: unknown, pointer: string): Located[] {
  const here = locate(document, pointer)
  if (here === undefined || !Array.isArray(here.value)) return []
  return here.value.map((_, i) => locate(document, childPointer(here.pointer, i))).filter((l): l is Located => l !== undefined)
}

function named(items: Located[]): Map<string, { at: Located; index: number }> {
  const map = new Map<string, { at: Located; index: number }>()
  items.forEach((at, index) => {
    if (isObject(at.value) && typeof at.value.name === 'string' && !map.has(at.value.name)) map.set(at.value.name, { at, index })
  })
  return map
}

function errorCodes(document: unknown, method: Located): Map<number, string> {
  const codes = new Map<number, string>()
  for (const error of list(document, childPointer(method.pointer, 'errors'))) {
    if (isObject(error.value) && typeof error.value.code === 'number' && !codes.has(error.value.code)) codes.set(error.value.code, error.pointer)
  }
  return codes
}

function limitValue(value: unknown): number | null | undefined {
  return typeof value === 'number' ? value : value === null ? null : undefined
}

/**
 * The changes between two openrpc.json documents (l2conf spec-diff), classified: methods removed
 * (clients break) or added (servers must now serve them); params removed, added, moved, made
 * required or optional; param schemas narrowed or widened (clients may be refused / servers must
 * accept more); results narrowed (servers must send less) or widened (clients may receive more);
 * error codes changed; a method newly blocked (`x-blocked`, both) or unblocked; a limit of
 * `info.x-limits` lowered (clients may now be refused; nodes enforcing the old one no longer
 * conform) or raised (servers must accept more). Schemas are compared by what they accept, `$ref`s
 * followed (compareSchemas.ts).
 */
export function diffOpenRpc(oldDoc: unknown, newDoc: unknown): SpecChange[] {
  const changes: SpecChange[] = []
  const comparison = new SchemaComparison(oldDoc, newDoc)
  const oldMethods = named(list(oldDoc, '/methods'))
  const newMethods = named(list(newDoc, '/methods'))
  for (const [name, { at }] of oldMethods) {
    if (!newMethods.has(name))
      changes.push({
        kind: 'method-removed',
        breaks: ['client'],
        where: name,
        message: `method ${name} removed: clients calling it are refused`,
        old: at.pointer,
        new: null,
      })
  }
  for (const [name, { at }] of newMethods) {
    if (!oldMethods.has(name))
      changes.push({
        kind: 'method-added',
        breaks: ['server'],
        where: name,
        message: `method ${name} added: nodes must now serve it`,
        old: null,
        new: at.pointer,
      })
  }
  for (const [name, { at: a }] of oldMethods) {
    const b = newMethods.get(name)?.at
    if (b === undefined) continue
    changes.push(...methodChanges(oldDoc, newDoc, comparison, name, a, b))
  }

  const la = locate(oldDoc, '/info/x-limits')
  const lb = locate(newDoc, '/info/x-limits')
  const limitsA = isObject(la?.value) ? la.value : {}
  const limitsB = isObject(lb?.value) ? lb.value : {}
  for (const key of new Set([...Object.keys(limitsA), ...Object.keys(limitsB)])) {
    const va = limitValue(limitsA[key])
    const vb = limitValue(limitsB[key])
    if (va === vb || va === undefined || vb === undefined) continue
    const at = { old: childPointer(la?.pointer ?? '/info/x-limits', key), new: childPointer(lb?.pointer ?? '/info/x-limits', key) }
    // null: no limit.
    const lowered = va === null || (vb !== null && vb < va)
    if (lowered)
      changes.push({
        kind: 'limit-lowered',
        breaks: ['client', 'server'],
        where: 'info',
        message: `limit ${key} lowered from ${va ?? 'none'} to ${vb}: clients asking for more are now refused, nodes enforcing the old limit no longer conform`,
        ...at,
      })
    else
      changes.push({
        kind: 'limit-raised',
        breaks: ['server'],
        where: 'info',
        message: `limit ${key} raised from ${va} to ${vb ?? 'none'}: nodes must now accept more`,
        ...at,
      })
  }
  return changes
}

function methodChanges(oldDoc: unknown, newDoc: unknown, comparison: SchemaComparison, name: string, a: Located, b: Located): SpecChange[] {
  const changes: SpecChange[] = []
  const x = a.value as Json
  const y = b.value as Json
  const blockedA = x['x-blocked'] !== undefined
  const blockedB = y['x-blocked'] !== undefined
  if (!blockedA && blockedB)
    changes.push({
      kind: 'method-blocked',
      breaks: ['client', 'server'],
      where: name,
      message: `method ${name} is now blocked: clients calling it are refused, nodes must refuse it`,
      old: a.pointer,
      new: childPointer(b.pointer, 'x-blocked'),
    })
  if (blockedA && !blockedB)
    changes.push({
      kind: 'method-unblocked',
      breaks: ['server'],
      where: name,
      message: `method ${name} is no longer blocked: nodes must now serve it`,
      old: childPointer(a.pointer, 'x-blocked'),
      new: b.pointer,
    })

  // x-transports: absent means both (interface spec 4.1).
  const transportsOf = (m: Json): string[] =>
    Array.isArray(m['x-transports']) ? (m['x-transports'] as unknown[]).filter((t): t is string => typeof t === 'string') : ['http', 'ws']
  const ta = transportsOf(x)
  const tb = transportsOf(y)
  for (const t of ta.filter((t) => !tb.includes(t)))
    changes.push({
      kind: 'transport-removed',
      breaks: ['client'],
      where: name,
      message: `method ${name} no longer served over ${t}: clients calling it there are refused`,
      old: a.pointer,
      new: b.pointer,
    })
  for (const t of tb.filter((t) => !ta.includes(t)))
    changes.push({
      kind: 'transport-added',
      breaks: ['server'],
      where: name,
      message: `method ${name} now served over ${t} too: nodes must serve it there`,
      old: a.pointer,
      new: b.pointer,
    })

  const paramsA = list(oldDoc, childPointer(a.pointer, 'params'))
  const paramsB = list(newDoc, childPointer(b.pointer, 'params'))
  const byNameA = named(paramsA)
  const byNameB = named(paramsB)
  for (const [param, { at, index }] of byNameA) {
    const other = byNameB.get(param)
    if (other === undefined) {
      changes.push({
        kind: 'param-removed',
        breaks: ['client'],
        where: name,
        message: `param '${param}' removed: clients sending it are refused`,
        old: at.pointer,
        new: null,
      })
      continue
    }
    const pa = at.value as Json
    const pb = other.at.value as Json
    if (index !== other.index)
      changes.push({
        kind: 'param-moved',
        breaks: ['client', 'server'],
        where: name,
        message: `param '${param}' moved from position ${index} to ${other.index}`,
        old: at.pointer,
        new: other.at.pointer,
      })
    if (pa.required !== true && pb.required === true)
      changes.push({
        kind: 'param-required',
        breaks: ['client'],
        where: name,
        message: `param '${param}' is now required: clients leaving it out are refused`,
        old: at.pointer,
        new: other.at.pointer,
      })
    if (pa.required === true && pb.required !== true)
      changes.push({
        kind: 'param-optional',
        breaks: ['server'],
        where: name,
        message: `param '${param}' is now optional: nodes must accept it left out`,
        old: at.pointer,
        new: other.at.pointer,
      })
    const sa = locate(oldDoc, childPointer(at.pointer, 'schema'))
    const sb = locate(newDoc, childPointer(other.at.pointer, 'schema'))
    if (sa !== undefined && sb !== undefined)
      changes.push(...schemaChanges(comparison, sa, sb, { where: name, what: `param '${param}'`, direction: 'request' }))
  }
  for (const [param, { at }] of byNameB) {
    if (byNameA.has(param)) continue
    const required = (at.value as Json).required === true
    changes.push(
      required
        ? {
            kind: 'param-added-required',
            breaks: ['client', 'server'],
            where: name,
            message: `required param '${param}' added: clients must send it, nodes must take it`,
            old: a.pointer,
            new: at.pointer,
          }
        : {
            kind: 'param-added',
            breaks: ['server'],
            where: name,
            message: `optional param '${param}' added: nodes must accept it`,
            old: a.pointer,
            new: at.pointer,
          },
    )
  }

  const ra = locate(oldDoc, childPointer(a.pointer, 'result', 'schema'))
  const rb = locate(newDoc, childPointer(b.pointer, 'result', 'schema'))
  if (ra !== undefined && rb !== undefined) changes.push(...schemaChanges(comparison, ra, rb, { where: name, what: 'result', direction: 'response' }))

  const ea = errorCodes(oldDoc, a)
  const eb = errorCodes(newDoc, b)
  const removed = [...ea.keys()].filter((c) => !eb.has(c))
  const added = [...eb.keys()].filter((c) => !ea.has(c))
  const errorsAt = { old: childPointer(a.pointer, 'errors'), new: childPointer(b.pointer, 'errors') }
  if (removed.length > 0 && added.length > 0) {
    changes.push({
      kind: 'error-code-changed',
      breaks: ['client', 'server'],
      where: name,
      message: `error codes changed: ${removed.join(', ')} -> ${added.join(', ')} (clients matching the old code miss it, nodes answering it no longer conform)`,
      old: ea.get(removed[0] as number) ?? errorsAt.old,
      new: eb.get(added[0] as number) ?? errorsAt.new,
    })
  } else if (added.length > 0) {
    changes.push({
      kind: 'error-code-added',
      breaks: ['client'],
      where: name,
      message: `error code ${added.join(', ')} added: clients may now receive it`,
      old: errorsAt.old,
      new: eb.get(added[0] as number) ?? errorsAt.new,
    })
  } else if (removed.length > 0) {
    changes.push({
      kind: 'error-code-removed',
      breaks: ['server'],
      where: name,
      message: `error code ${removed.join(', ')} removed: nodes answering it no longer conform`,
      old: ea.get(removed[0] as number) ?? errorsAt.old,
      new: errorsAt.new,
    })
  }
  return changes
}
