import { childPointer, resolvePointer } from '../spec/jsonPointer.js'
import { branchIdentity, discriminatorsConflict, type BranchIdentity } from './branchIdentity.js'
import { comparePatterns } from './patternInclusion.js'

/** A schema located in its document: the value (every `$ref` on the way followed) and where it lives. */
export interface Located {
  value: unknown
  pointer: string
}

/**
 * How one aspect of a schema changed: it accepts less (`narrowed`: every value valid now was valid
 * before), more (`widened`), something else (`changed`: neither contains the other, or it could not
 * be decided), or nothing that matters to who conforms (`note`).
 */
export interface SchemaDelta {
  change: 'narrowed' | 'widened' | 'changed' | 'note'
  what: string
  old: string
  new: string
}

/** How a whole schema relates to another: the same values, fewer, more, or neither. */
type Relation = 'equal' | 'narrowed' | 'widened' | 'changed'

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

/** Whether a value of JSON type `type` can be valid under a schema whose type set is `types` (null: any). */
function admits(types: Set<string> | null, type: string): boolean {
  return types === null || types.has(type) || (type === 'integer' && types.has('number')) || (type === 'number' && types.has('integer'))
}

function shareAType(a: Set<string> | null, b: Set<string> | null): boolean {
  return a === null || b === null || [...a].some((t) => admits(b, t))
}

function valuesOf(schema: Json): string[] | null {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v))
  if ('const' in schema) return [JSON.stringify(schema.const)]
  return null
}

/** Keywords that constrain nothing: a schema with only these beside a union is just that union. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  'example',
  'default',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'xml',
  '$id',
  '$schema',
  '$defs',
  'definitions',
  'discriminator',
])

/** The numeric and size bounds, with the JSON type each one constrains. */
const LOWER_BOUNDS = [
  ['minimum', 'number'],
  ['exclusiveMinimum', 'number'],
  ['minLength', 'string'],
  ['minItems', 'array'],
  ['minProperties', 'object'],
] as const
const UPPER_BOUNDS = [
  ['maximum', 'number'],
  ['exclusiveMaximum', 'number'],
  ['maxLength', 'string'],
  ['maxItems', 'array'],
  ['maxProperties', 'object'],
] as const

type Union = 'oneOf' | 'anyOf'

/** A branch of a union (a part of an allOf) located, with what was written in its place. */
type Part = Located & { raw?: unknown }

/** The union keyword of a schema: its `oneOf` or its `anyOf` (a schema with both has none that is read as one). */
function unionOf(schema: Json): Union | undefined {
  const oneOf = Array.isArray(schema.oneOf)
  const anyOf = Array.isArray(schema.anyOf)
  return oneOf && !anyOf ? 'oneOf' : anyOf && !oneOf ? 'anyOf' : undefined
}

/** Whether `word` is the only keyword of the schema that constrains anything. */
function onlyKeyword(schema: Json, word: string): boolean {
  return Object.keys(schema).every((key) => key === word || ANNOTATIONS.has(key) || key.startsWith('x-'))
}

/** A few words naming a schema in a message: its title, and its type or enum. */
function describe(schema: unknown): string {
  if (!isObject(schema)) return JSON.stringify(schema)
  const parts: string[] = []
  if (typeof schema.title === 'string') parts.push(JSON.stringify(schema.title))
  const types = typesOf(schema)
  const values = valuesOf(schema)
  if (values !== null) parts.push(values.length > 4 ? `one of ${values.slice(0, 4).join(', ')}, ...` : values.join(' | '))
  else if (types !== null) parts.push([...types].join(' | '))
  else if (unionOf(schema) !== undefined) parts.push(`${unionOf(schema)} of ${(schema[unionOf(schema) as Union] as unknown[]).length}`)
  const keywords = Object.keys(schema).filter((key) => !ANNOTATIONS.has(key) && !key.startsWith('x-'))
  if (parts.length === 0 && keywords.length > 0) parts.push(keywords.join(', '))
  return parts.length > 0 ? parts.join(', ') : 'any value'
}

const FLIP = { narrowed: 'widened', widened: 'narrowed', changed: 'changed', note: 'note' } as const

/** The relation a list of deltas amounts to: notes count for nothing, both directions make `changed`. */
function relationOf(deltas: SchemaDelta[]): Relation {
  const kinds = new Set(deltas.map((d) => d.change).filter((c) => c !== 'note'))
  if (kinds.size === 0) return 'equal'
  if (kinds.has('changed') || kinds.size > 1) return 'changed'
  return kinds.has('narrowed') ? 'narrowed' : 'widened'
}

/**
 * The comparison of two documents' schemas (one per spec-diff): relations between whole schemas are
 * remembered by the pair of places they live in, since the same pair is met again and again (a
 * component used by many methods), so the documents must not change while it is in use.
 */
export class SchemaComparison {
  private readonly relations = new Map<string, Relation>()
  private readonly deciding = new Set<string>()

  constructor(
    private readonly oldDoc: unknown,
    private readonly newDoc: unknown,
  ) {}

  /**
   * How schema `b` relates to schema `a` as a whole. A pair met again while it is being decided
   * (a recursive schema) is taken as equal there, which is what the rest of the comparison decides.
   */
  relation(a: Located, b: Located): Relation {
    const key = `${a.pointer}\u0000${b.pointer}`
    const known = this.relations.get(key)
    if (known !== undefined) return known
    if (this.deciding.has(key)) return 'equal'
    this.deciding.add(key)
    const relation = relationOf(this.compare(a, b, new Set()))
    this.deciding.delete(key)
    this.relations.set(key, relation)
    return relation
  }

  /** The deltas from schema `a` (old document) to `b` (new document); a pair already in `seen` yields none. */
  compare(a: Located, b: Located, seen = new Set<string>()): SchemaDelta[] {
    const key = `${a.pointer}\u0000${b.pointer}`
    if (seen.has(key)) return []
    seen.add(key)
    const deltas: SchemaDelta[] = []
    const push = (change: SchemaDelta['change'], what: string, oldAt = a.pointer, newAt = b.pointer): void => {
      deltas.push({ change, what, old: oldAt, new: newAt })
    }
    const nested = (ca: Located | undefined, cb: Located | undefined, prefix: string, flip = false): void => {
      if (ca === undefined || cb === undefined) return
      for (const d of this.compare(ca, cb, seen)) deltas.push({ ...d, change: flip ? FLIP[d.change] : d.change, what: `${prefix}${d.what}` })
    }
    // `true` is the schema `{}`.
    const x = a.value === true ? {} : a.value
    const y = b.value === true ? {} : b.value
    if (!isObject(x) || !isObject(y)) {
      // `false` (or a missing schema) against anything else.
      if (JSON.stringify(x) !== JSON.stringify(y)) push(x === false ? 'widened' : y === false ? 'narrowed' : 'changed', 'the schema')
      return deltas
    }

    // A schema replaced by a union that keeps it as a branch (`uint` -> oneOf [uint, tag]) accepts
    // more; a union replaced by one of its branches accepts less. Compared as unions of one branch.
    // (The same for a schema that became an allOf keeping it as a part: it accepts less.)
    for (const word of ['oneOf', 'anyOf', 'allOf'] as const) {
      const inX = Array.isArray(x[word])
      if (inX === Array.isArray(y[word])) continue
      const [union, other] = inX ? [x, y] : [y, x]
      if (!onlyKeyword(union, word) || (word !== 'allOf' && unionOf(other) !== undefined)) continue
      const oldParts = inX ? this.parts(this.oldDoc, a, x, word) : [a]
      const newParts = inX ? [b] : this.parts(this.newDoc, b, y, word)
      deltas.push(...this.compareParts(a, b, oldParts, newParts, word, inX ? 'collapsed' : 'expanded', seen))
      return deltas
    }

    const tx = typesOf(x)
    const ty = typesOf(y)
    if (tx === null && ty !== null) push('narrowed', `type is now ${[...ty].join(' | ')} (any before)`)
    else if (tx !== null && ty === null) push('widened', `type is no longer restricted (was ${[...tx].join(' | ')})`)
    else if (tx !== null && ty !== null) {
      const narrower = within(ty, tx)
      const wider = within(tx, ty)
      const disjoint = shareAType(tx, ty) ? '' : ' (no value valid before is valid now)'
      if (!(narrower && wider)) push(narrower ? 'narrowed' : wider ? 'widened' : 'changed', `type ${[...tx].join(' | ')} -> ${[...ty].join(' | ')}${disjoint}`)
    }
    // No value of the old type is of the new one: the type change says it all, and the keywords of
    // each type (a string's pattern, an object's members) constrain values the other never accepted.
    if (!shareAType(tx, ty)) return deltas
    // The keywords of a type one side gained or lost are covered by the type change. Those of a type
    // neither side accepts (`properties` beside `type: array`) constrain nothing on either side, but
    // are compared as written: a change there is what the author changed.
    const both = (type: string): boolean => admits(tx, type) === admits(ty, type)

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

    if (both('string')) {
      const px = x.pattern
      const py = y.pattern
      if (px !== py) {
        if (typeof px !== 'string' && typeof py === 'string') push('narrowed', `pattern ${JSON.stringify(py)} added`)
        else if (typeof px === 'string' && typeof py !== 'string') push('widened', `pattern ${JSON.stringify(px)} removed`)
        else if (typeof px === 'string' && typeof py === 'string') {
          const was = `pattern ${JSON.stringify(px)} -> ${JSON.stringify(py)}`
          const r = comparePatterns(px, py)
          if (r.relation === 'narrowed') push('narrowed', `${was} (matches a subset of the strings it matched)`)
          else if (r.relation === 'widened') push('widened', `${was} (matches every string it matched, and more)`)
          else if (r.relation === 'incomparable') push('changed', `${was} (each matches strings the other refuses)`)
          else if (r.relation === 'undecided') push('changed', `${was} (whether either includes the other could not be decided: ${r.reason})`)
        }
      }
    }

    const fx = x.format
    const fy = y.format
    if (fx !== fy) {
      if (fx === undefined) push('narrowed', `format ${JSON.stringify(fy)} added`)
      else if (fy === undefined) push('widened', `format ${JSON.stringify(fx)} removed`)
      else push('changed', `format ${JSON.stringify(fx)} -> ${JSON.stringify(fy)}`)
    }

    for (const [word, type] of LOWER_BOUNDS) {
      const vx = typeof x[word] === 'number' ? (x[word] as number) : undefined
      const vy = typeof y[word] === 'number' ? (y[word] as number) : undefined
      if (vx === vy || !both(type)) continue
      if (vx === undefined || (vy !== undefined && vy > vx)) push('narrowed', `${word} ${vx ?? 'none'} -> ${vy}`)
      else push('widened', `${word} ${vx} -> ${vy ?? 'none'}`)
    }
    for (const [word, type] of UPPER_BOUNDS) {
      const vx = typeof x[word] === 'number' ? (x[word] as number) : undefined
      const vy = typeof y[word] === 'number' ? (y[word] as number) : undefined
      if (vx === vy || !both(type)) continue
      if (vx === undefined || (vy !== undefined && vy < vx)) push('narrowed', `${word} ${vx ?? 'none'} -> ${vy}`)
      else push('widened', `${word} ${vx} -> ${vy ?? 'none'}`)
    }
    // OpenAPI 3.0 (JSON Schema draft 4): exclusiveMinimum/exclusiveMaximum as booleans on the bound beside them.
    for (const word of ['exclusiveMinimum', 'exclusiveMaximum'] as const) {
      const bx = x[word] === true
      const by = y[word] === true
      if (bx !== by && both('number') && typeof x[word] !== 'number' && typeof y[word] !== 'number')
        push(by ? 'narrowed' : 'widened', `${word} ${by ? 'set' : 'unset'}`)
    }
    const mx = typeof x.multipleOf === 'number' && x.multipleOf > 0 ? x.multipleOf : undefined
    const my = typeof y.multipleOf === 'number' && y.multipleOf > 0 ? y.multipleOf : undefined
    if (mx !== my && both('number')) {
      // Every multiple of 4 is a multiple of 2: 2 -> 4 narrows, 4 -> 2 widens, 2 -> 3 neither.
      const narrowed = mx === undefined || (my !== undefined && Number.isInteger(my / mx))
      const widened = my === undefined || (mx !== undefined && Number.isInteger(mx / my))
      push(narrowed ? 'narrowed' : widened ? 'widened' : 'changed', `multipleOf ${mx ?? 'none'} -> ${my ?? 'none'}`)
    }

    if (both('array') && x.uniqueItems !== y.uniqueItems && (x.uniqueItems === true || y.uniqueItems === true)) {
      push(y.uniqueItems === true ? 'narrowed' : 'widened', y.uniqueItems === true ? 'items must now be unique' : 'items need no longer be unique')
    }

    if (both('object')) this.compareMembers(a, b, x, y, push, nested)

    if (both('array')) {
      if (isObject(x.items) && isObject(y.items)) nested(child(this.oldDoc, a, 'items'), child(this.newDoc, b, 'items'), 'items: ')
      else if (isObject(x.items) !== isObject(y.items))
        push(isObject(y.items) ? 'narrowed' : 'widened', isObject(y.items) ? 'items now constrained' : 'items no longer constrained')
    }

    if (isObject(x.not) && isObject(y.not)) nested(child(this.oldDoc, a, 'not'), child(this.newDoc, b, 'not'), 'not: ', true)
    else if (isObject(x.not) !== isObject(y.not))
      push(
        isObject(y.not) ? 'narrowed' : 'widened',
        isObject(y.not) ? `now refuses what matches ${describe(y.not)} (not)` : `no longer refuses what matches ${describe(x.not)} (not)`,
      )

    for (const word of ['oneOf', 'anyOf', 'allOf'] as const) {
      const has = (value: Json): boolean => Array.isArray(value[word])
      const ux = unionOf(x)
      const uy = unionOf(y)
      // One union read as another (oneOf -> anyOf) is compared under the new word, once.
      if (word !== 'allOf' && ux !== undefined && uy !== undefined && ux !== uy) {
        if (word === uy) deltas.push(...this.compareParts(a, b, this.parts(this.oldDoc, a, x, ux), this.parts(this.newDoc, b, y, uy), uy, 'same', seen))
        continue
      }
      if (!has(x) && !has(y)) continue
      if (has(x) && has(y)) {
        deltas.push(...this.compareParts(a, b, this.parts(this.oldDoc, a, x, word), this.parts(this.newDoc, b, y, word), word, 'same', seen))
        continue
      }
      // A union or allOf beside other keywords is one more condition a value must meet.
      const list = (has(y) ? y[word] : x[word]) as unknown[]
      push(has(y) ? 'narrowed' : 'widened', `${word} of ${list.length} ${word === 'allOf' ? 'parts' : 'branches'} ${has(y) ? 'added' : 'removed'}`)
    }
    return deltas
  }

  /** The branches (parts) of `value`, each with the schema as written there (`raw`: its `$ref` unfollowed). */
  private parts(doc: unknown, at: Located, value: Json, word: string): Part[] {
    const list = value[word] as unknown[]
    return list.flatMap((raw, i) => {
      const found = child(doc, at, word, i)
      return found === undefined ? [] : [{ ...found, raw }]
    })
  }

  /** The identity of each branch of two unions, old and new. */
  private identities(oldParts: Part[], newParts: Part[]): [BranchIdentity[], BranchIdentity[]] {
    return [oldParts.map((p) => branchIdentity(this.oldDoc, p.raw, p.pointer)), newParts.map((p) => branchIdentity(this.newDoc, p.raw, p.pointer))]
  }

  /**
   * Members: required and properties read together, so a member that is both new and required is
   * one change (it narrows: values without it are refused; with the old schema closed by
   * additionalProperties: false, no value is valid on both sides). A property added or removed
   * where other properties are allowed anyway is a note; where they are not, it widens or narrows.
   */
  private compareMembers(
    a: Located,
    b: Located,
    x: Json,
    y: Json,
    push: (change: SchemaDelta['change'], what: string, oldAt?: string, newAt?: string) => void,
    nested: (ca: Located | undefined, cb: Located | undefined, prefix: string) => void,
  ): void {
    const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [])
    const rx = names(x.required)
    const ry = names(y.required)
    const propsX = isObject(x.properties) ? x.properties : {}
    const propsY = isObject(y.properties) ? y.properties : {}
    const closedX = x.additionalProperties === false
    const closedY = y.additionalProperties === false
    for (const name of Object.keys(propsX)) {
      const removedAt = childPointer(a.pointer, 'properties', name)
      if (name in propsY) {
        nested(child(this.oldDoc, a, 'properties', name), child(this.newDoc, b, 'properties', name), `.${name}: `)
      } else if (rx.includes(name) && !ry.includes(name)) {
        push(
          closedY ? 'changed' : 'widened',
          closedY ? `member '${name}' removed: it was required, now it is refused` : `member '${name}' removed, no longer required`,
          removedAt,
          b.pointer,
        )
      } else {
        push(closedY ? 'narrowed' : 'note', `property '${name}' removed`, removedAt, b.pointer)
      }
    }
    for (const name of Object.keys(propsY)) {
      if (name in propsX) continue
      const addedAt = childPointer(b.pointer, 'properties', name)
      if (ry.includes(name) && !rx.includes(name))
        push(
          closedX ? 'changed' : 'narrowed',
          closedX ? `member '${name}' added and required: it was refused before` : `member '${name}' added, required`,
          a.pointer,
          addedAt,
        )
      else push(closedX ? 'widened' : 'note', `property '${name}' added`, a.pointer, addedAt)
    }
    const said = (name: string): boolean => name in propsX !== name in propsY
    for (const name of ry.filter((r) => !rx.includes(r) && !said(r))) push('narrowed', `member '${name}' is now required`)
    for (const name of rx.filter((r) => !ry.includes(r) && !said(r))) push('widened', `member '${name}' is no longer required`)

    const ax = x.additionalProperties
    const ay = y.additionalProperties
    if (isObject(ax) && isObject(ay)) {
      nested(child(this.oldDoc, a, 'additionalProperties'), child(this.newDoc, b, 'additionalProperties'), 'additionalProperties: ')
    } else if ((ax === false) !== (ay === false)) {
      push(ay === false ? 'narrowed' : 'widened', ay === false ? 'no other properties allowed any more' : 'other properties now allowed')
    } else if (isObject(ax) !== isObject(ay) && ax !== false && ay !== false) {
      push(isObject(ay) ? 'narrowed' : 'widened', isObject(ay) ? 'other properties now constrained' : 'other properties no longer constrained')
    }
  }

  /**
   * The branches of a union (oneOf, anyOf: a value valid under any branch), or the parts of an
   * allOf (valid under every part), old against new. `expanded`: the old schema against the new
   * one's branches (it became a union); `collapsed` the other way round. Branches of two unions are
   * first paired by identity, as a person reads them (branchIdentity.ts): the `$ref` they are
   * written as, then their title, then a one-value member (a transaction's `type`), each only where
   * it names one branch on each side; so a branch inserted first is one branch added and the others
   * moved, not each compared with its neighbour. Then each old branch is paired with a new branch it
   * is equal to, else one it includes or is included in, else one of a shared type, else (as many
   * on both sides) the one at its place, the branch at the same place tried first each time, never
   * two whose one-value members differ; a pair is compared keyword by keyword. A branch with no pair was added or
   * removed: a union gaining one widens, losing one narrows (an allOf the other way round), unless
   * what it accepts is already accepted by another branch (implied by another part).
   */
  private compareParts(
    a: Located,
    b: Located,
    oldParts: Part[],
    newParts: Part[],
    word: 'oneOf' | 'anyOf' | 'allOf',
    shape: 'same' | 'expanded' | 'collapsed',
    seen: Set<string>,
  ): SchemaDelta[] {
    const deltas: SchemaDelta[] = []
    const relations = oldParts.map((o) => newParts.map((n) => this.relation(o, n)))
    const rel = (i: number, j: number): Relation => relations[i]?.[j] ?? 'changed'
    const pairOf = new Map<number, number>()
    const taken = new Set<number>()
    const pair = (accept: (i: number, j: number) => boolean): void => {
      for (let i = 0; i < oldParts.length; i++) {
        if (pairOf.has(i)) continue
        // The branch at the same place first, then the others in order.
        const order = [i, ...newParts.keys()].filter((j) => j < newParts.length)
        const j = order.find((j) => !taken.has(j) && accept(i, j))
        if (j !== undefined) {
          pairOf.set(i, j)
          taken.add(j)
        }
      }
    }
    const typeOf = (at: Located): Set<string> | null => (isObject(at.value) ? typesOf(at.value) : null)
    const union = word !== 'allOf'
    const identities = union && shape === 'same' ? this.identities(oldParts, newParts) : undefined
    if (identities !== undefined) {
      const [ids, idsNew] = identities
      const pairByKey = (keys: (id: BranchIdentity) => string[]): void => {
        const count = (list: BranchIdentity[], key: string): number => list.filter((id) => keys(id).includes(key)).length
        for (let i = 0; i < oldParts.length; i++) {
          if (pairOf.has(i)) continue
          for (const key of keys(ids[i] as BranchIdentity)) {
            if (count(ids, key) !== 1 || count(idsNew, key) !== 1) continue
            const j = idsNew.findIndex((id) => keys(id).includes(key))
            if (j < 0 || taken.has(j)) continue
            pairOf.set(i, j)
            taken.add(j)
            break
          }
        }
      }
      pairByKey((id) => (id.ref === undefined ? [] : [id.ref]))
      pairByKey((id) => (id.title === undefined ? [] : [id.title]))
      pairByKey((id) => id.discriminators)
    }
    const apart = (i: number, j: number): boolean =>
      identities !== undefined && discriminatorsConflict(identities[0][i] as BranchIdentity, identities[1][j] as BranchIdentity)
    pair((i, j) => rel(i, j) === 'equal' && !apart(i, j))
    pair((i, j) => rel(i, j) !== 'changed' && !apart(i, j))
    pair((i, j) => {
      const o = oldParts[i]
      const n = newParts[j]
      return o !== undefined && n !== undefined && typeOf(o) !== null && typeOf(n) !== null && shareAType(typeOf(o), typeOf(n)) && !apart(i, j)
    })
    pair((i, j) => oldParts.length === newParts.length && i === j && !apart(i, j))

    const part = union ? 'branch' : 'part'
    // Where the old schema went (expanded) or which branch became the new one (collapsed).
    const [kept, keptAs] = [...pairOf].map(([i, j]) => [shape === 'expanded' ? j : i, rel(i, j) === 'equal'] as const)[0] ?? [undefined, false]
    const keeping = kept === undefined ? '' : keptAs ? `, ${part} ${kept} being the old schema` : `, ${part} ${kept} in place of the old schema`
    const keptOne = kept === undefined ? '' : keptAs ? `, its ${part} ${kept}` : `, like its ${part} ${kept}`
    for (const [i, j] of pairOf) {
      const o = oldParts[i] as Located
      const n = newParts[j] as Located
      if (rel(i, j) === 'equal') continue
      const prefix =
        shape === 'same'
          ? i === j
            ? `${word}[${j}]: `
            : `${word}[${i} -> ${j}]: `
          : shape === 'expanded'
            ? `now ${word}, ${part} ${j}: `
            : `${word} of ${oldParts.length} collapsed to its ${part} ${i}: `
      for (const d of this.compare(o, n, seen)) deltas.push({ ...d, what: `${prefix}${d.what}` })
    }
    // An old branch (part) whose values a new one still accepts (implies) changes nothing by going.
    for (let i = 0; i < oldParts.length; i++) {
      if (pairOf.has(i)) continue
      const o = oldParts[i] as Located
      const covered = newParts.some((_, j) => (union ? rel(i, j) === 'equal' || rel(i, j) === 'widened' : rel(i, j) === 'equal' || rel(i, j) === 'narrowed'))
      if (covered) continue
      const what =
        shape === 'collapsed'
          ? `${word} of ${oldParts.length} replaced by one schema${keptOne}: ${part} ${i} (${describe(o.value)}) dropped`
          : `${word}[${i}] (${describe(o.value)}) removed`
      deltas.push({ change: union ? 'narrowed' : 'widened', what, old: o.pointer, new: b.pointer })
    }
    for (let j = 0; j < newParts.length; j++) {
      if (taken.has(j)) continue
      const n = newParts[j] as Located
      const covered = oldParts.some((_, i) => (union ? rel(i, j) === 'equal' || rel(i, j) === 'narrowed' : rel(i, j) === 'equal' || rel(i, j) === 'widened'))
      if (covered) continue
      const what =
        shape === 'expanded'
          ? `now ${word} of ${newParts.length}${keeping}: ${part} ${j} (${describe(n.value)}) added`
          : `${word}[${j}] (${describe(n.value)}) added`
      deltas.push({ change: union ? 'widened' : 'narrowed', what, old: a.pointer, new: n.pointer })
    }
    return deltas
  }
}

/**
 * Compares two schemas by what they accept (spec-diff: "after resolving $ref, not as text"), every
 * `$ref` followed, so a component renamed but meaning the same yields nothing: the type set,
 * enum/const, pattern (by the inclusion of the regular languages, patternInclusion.ts), format,
 * numeric and size bounds, required members and properties together, additionalProperties, items,
 * `not`, and oneOf/anyOf as unions and allOf as an intersection, their branches paired by what they
 * accept. Keywords of a type only one side accepts are not compared (the type change covers them).
 * Every delta names where it is in both files. Cycles are compared once.
 */
export function compareSchemas(oldDoc: unknown, newDoc: unknown, a: Located, b: Located, seen = new Set<string>()): SchemaDelta[] {
  return new SchemaComparison(oldDoc, newDoc).compare(a, b, seen)
}
