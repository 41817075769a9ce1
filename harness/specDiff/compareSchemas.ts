import { childPointer, resolvePointer } from '../spec/jsonPointer.js'

/** A schema located in its document: the value (every `$ref` on the way followed) and where it lives. */
export interface Located {
  value: unknown
  pointer: string
}

/** How one aspect of a schema changed: it accepts less, more, or something else (neither contains the other). */
export interface SchemaDelta {
  change: 'narrowed' | 'widened' | 'changed' | 'note'
  what: string
  old: string
  new: string
}

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Follows `$ref`s from `pointer` in `document` (local references only). */
export function locate(document: unknown, pointer: string): Located | undefined {
  return resolvePointer(document, pointer)
}

function child(document: unknown, at: Located, ...tokens: Array<string | number>): Located | undefined {
  return resolvePointer(document, childPointer(at.pointer, ...tokens))
}

function typesOf(schema: Json): Set<string> | null {
  const type = schema.type
  const list = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : null
  if (list === null) return null
  const set = new Set(list)
  if (schema.nullable === true) set.add('null')
  // An integer is a number: ['number'] -> ['integer'] narrows, the other way widens.
  return set
}

function within(a: Set<string>, b: Set<string>): boolean {
  return [...a].every((t) => b.has(t) || (t === 'integer' && b.has('number')))
}

function valuesOf(schema: Json): string[] | null {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v))
  if ('const' in schema) return [JSON.stringify(schema.const)]
  return null
}

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const
const BRANCHES = ['oneOf', 'anyOf'] as const

/**
 * Compares two schemas structurally (spec-diff: "after resolving $ref, not as text"): the type
 * set, enum/const, pattern and format, numeric and size bounds, required members, properties,
 * additionalProperties, items and the branches of oneOf/anyOf/allOf, recursively, each `$ref`
 * followed, so a component renamed but meaning the same yields nothing. Every delta names where it
 * is in both files. Cycles are compared once.
 */
export function compareSchemas(oldDoc: unknown, newDoc: unknown, a: Located, b: Located, seen = new Set<string>()): SchemaDelta[] {
  const key = `${a.pointer}\u0000${b.pointer}`
  if (seen.has(key)) return []
  seen.add(key)
  const deltas: SchemaDelta[] = []
  const push = (change: SchemaDelta['change'], what: string, oldAt = a.pointer, newAt = b.pointer): void => {
    deltas.push({ change, what, old: oldAt, new: newAt })
  }
  if (!isObject(a.value) || !isObject(b.value)) {
    // `true`/`false` schemas (or a missing one): anything vs nothing.
    if (JSON.stringify(a.value) !== JSON.stringify(b.value)) push(a.value === false ? 'widened' : b.value === false ? 'narrowed' : 'changed', 'the schema')
    return deltas
  }
  const x = a.value
  const y = b.value

  const tx = typesOf(x)
  const ty = typesOf(y)
  if (tx === null && ty !== null) push('narrowed', `type is now ${[...ty].join(' | ')} (any before)`)
  else if (tx !== null && ty === null) push('widened', `type is no longer restricted (was ${[...tx].join(' | ')})`)
  else if (tx !== null && ty !== null) {
    const narrower = within(ty, tx)
    const wider = within(tx, ty)
    if (!(narrower && wider)) push(narrower ? 'narrowed' : wider ? 'widened' : 'changed', `type ${[...tx].join(' | ')} -> ${[...ty].join(' | ')}`)
  }

  const ex = valuesOf(x)
  const ey = valuesOf(y)
  if (ex === null && ey !== null) push('narrowed', `now only ${ey.join(', ')}`)
  else if (ex !== null && ey === null) push('widened', `no longer only ${ex.join(', ')}`)
  else if (ex !== null && ey !== null) {
    const removed = ex.filter((v) => !ey.includes(v))
    const added = ey.filter((v) => !ex.includes(v))
    if (removed.length > 0 && added.length > 0) push('changed', `allowed values: ${removed.join(', ')} removed, ${added.join(', ')} added`)
    else if (removed.length > 0) push('narrowed', `allowed values removed: ${removed.join(', ')}`)
    else if (added.length > 0) push('widened', `allowed values added: ${added.join(', ')}`)
  }

  for (const word of ['pattern', 'format'] as const) {
    const px = x[word]
    const py = y[word]
    if (px === py) continue
    if (px === undefined) push('narrowed', `${word} ${JSON.stringify(py)} added`)
    else if (py === undefined) push('widened', `${word} ${JSON.stringify(px)} removed`)
    else push('changed', `${word} ${JSON.stringify(px)} -> ${JSON.stringify(py)}`)
  }

  for (const word of LOWER_BOUNDS) {
    const vx = typeof x[word] === 'number' ? (x[word] as number) : undefined
    const vy = typeof y[word] === 'number' ? (y[word] as number) : undefined
    if (vx === vy) continue
    if (vx === undefined || (vy !== undefined && vy > vx)) push('narrowed', `${word} ${vx ?? 'none'} -> ${vy}`)
    else push('widened', `${word} ${vx} -> ${vy ?? 'none'}`)
  }
  for (const word of UPPER_BOUNDS) {
    const vx = typeof x[word] === 'number' ? (x[word] as number) : undefined
    const vy = typeof y[word] === 'number' ? (y[word] as number) : undefined
    if (vx === vy) continue
    if (vx === undefined || (vy !== undefined && vy < vx)) push('narrowed', `${word} ${vx ?? 'none'} -> ${vy}`)
    else push('widened', `${word} ${vx} -> ${vy ?? 'none'}`)
  }

  const rx = Array.isArray(x.required) ? (x.required as unknown[]).filter((r): r is string => typeof r === 'string') : []
  const ry = Array.isArray(y.required) ? (y.required as unknown[]).filter((r): r is string => typeof r === 'string') : []
  for (const name of ry.filter((r) => !rx.includes(r))) push('narrowed', `member '${name}' is now required`)
  for (const name of rx.filter((r) => !ry.includes(r))) push('widened', `member '${name}' is no longer required`)

  const propsX = isObject(x.properties) ? x.properties : {}
  const propsY = isObject(y.properties) ? y.properties : {}
  for (const name of Object.keys(propsX)) {
    if (!(name in propsY)) {
      push(y.additionalProperties === false ? 'narrowed' : 'note', `property '${name}' removed`, childPointer(a.pointer, 'properties', name), b.pointer)
      continue
    }
    const ca = child(oldDoc, a, 'properties', name)
    const cb = child(newDoc, b, 'properties', name)
    if (ca !== undefined && cb !== undefined) deltas.push(...compareSchemas(oldDoc, newDoc, ca, cb, seen).map((d) => ({ ...d, what: `.${name}: ${d.what}` })))
  }
  for (const name of Object.keys(propsY)) {
    if (!(name in propsX)) push(x.additionalProperties === false ? 'widened' : 'note', `property '${name}' added`, a.pointer, childPointer(b.pointer, 'properties', name))
  }

  const ax = x.additionalProperties
  const ay = y.additionalProperties
  if (isObject(ax) && isObject(ay)) {
    const ca = child(oldDoc, a, 'additionalProperties')
    const cb = child(newDoc, b, 'additionalProperties')
    if (ca !== undefined && cb !== undefined) deltas.push(...compareSchemas(oldDoc, newDoc, ca, cb, seen).map((d) => ({ ...d, what: `additionalProperties: ${d.what}` })))
  } else if ((ax === false) !== (ay === false)) {
    push(ay === false ? 'narrowed' : 'widened', ay === false ? 'no other properties allowed any more' : 'other properties now allowed')
  } else if (isObject(ax) !== isObject(ay) && ax !== false && ay !== false) {
    push(isObject(ay) ? 'narrowed' : 'widened', isObject(ay) ? 'other properties now constrained' : 'other properties no longer constrained')
  }

  if (isObject(x.items) && isObject(y.items)) {
    const ca = child(oldDoc, a, 'items')
    const cb = child(newDoc, b, 'items')
    if (ca !== undefined && cb !== undefined) deltas.push(...compareSchemas(oldDoc, newDoc, ca, cb, seen).map((d) => ({ ...d, what: `items: ${d.what}` })))
  } else if (isObject(x.items) !== isObject(y.items)) {
    push(isObject(y.items) ? 'narrowed' : 'widened', isObject(y.items) ? 'items now constrained' : 'items no longer constrained')
  }

  for (const word of [...BRANCHES, 'allOf'] as const) {
    const bx = Array.isArray(x[word]) ? (x[word] as unknown[]) : []
    const by = Array.isArray(y[word]) ? (y[word] as unknown[]) : []
    if (bx.length === 0 && by.length === 0) continue
    if (bx.length === by.length) {
      for (let i = 0; i < bx.length; i++) {
        const ca = child(oldDoc, a, word, i)
        const cb = child(newDoc, b, word, i)
        if (ca !== undefined && cb !== undefined) deltas.push(...compareSchemas(oldDoc, newDoc, ca, cb, seen).map((d) => ({ ...d, what: `${word}[${i}]: ${d.what}` })))
      }
      continue
    }
    // More alternatives accept more; more allOf parts accept less.
    const more = by.length > bx.length
    const wider = word === 'allOf' ? !more : more
    push(bx.length === 0 || by.length === 0 ? 'changed' : wider ? 'widened' : 'narrowed', `${word} has ${by.length} branches (was ${bx.length})`)
  }
  return deltas
}
