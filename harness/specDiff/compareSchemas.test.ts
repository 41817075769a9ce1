import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareSchemas, locate } from './compareSchemas.js'

function deltas(a: unknown, b: unknown): Array<[string, string]> {
  const docA = { s: a, defs: { Node: { type: 'object', properties: { next: { $ref: '#/defs/Node' }, v: { type: 'string' } } } } }
  const docB = { s: b, defs: { Node: { type: 'object', properties: { next: { $ref: '#/defs/Node' }, v: { type: 'string', maxLength: 4 } } } } }
  return compareSchemas(docA, docB, locate(docA, '/s')!, locate(docB, '/s')!).map((d) => [d.change, d.what])
}

describe('compareSchemas', () => {
  it('reads an integer as a narrower number', () => {
    expect(deltas({ type: 'number' }, { type: 'integer' })).toEqual([['narrowed', 'type number -> integer']])
    expect(deltas({ type: 'integer' }, { type: 'number' })).toEqual([['widened', 'type integer -> number']])
    expect(deltas({ type: 'string' }, { type: 'boolean' })).toEqual([['changed', 'type string -> boolean (no value valid before is valid now)']])
  })

  it('compares bounds by their direction', () => {
    expect(deltas({ type: 'string', maxLength: 10 }, { type: 'string', maxLength: 5 })).toEqual([['narrowed', 'maxLength 10 -> 5']])
    expect(deltas({ type: 'integer', minimum: 1 }, { type: 'integer' })).toEqual([['widened', 'minimum 1 -> none']])
  })

  it('reads OpenAPI nullable as the type null', () => {
    expect(deltas({ type: 'string', nullable: true }, { type: 'string' })).toEqual([['narrowed', 'type string | null -> string']])
  })

  it('closing an object narrows it; more oneOf branches widen it, more allOf parts narrow it', () => {
    expect(deltas({ type: 'object' }, { type: 'object', additionalProperties: false })).toEqual([['narrowed', 'no other properties allowed any more']])
    expect(deltas({ oneOf: [{ type: 'string' }] }, { oneOf: [{ type: 'string' }, { type: 'null' }] })).toEqual([['widened', 'oneOf[1] (null) added']])
    expect(deltas({ allOf: [{ type: 'string' }] }, { allOf: [{ type: 'string' }, { minLength: 1 }] })).toEqual([['narrowed', 'allOf[1] (minLength) added']])
  })

  it('follows recursive $refs once, and finds the change inside them', () => {
    expect(deltas({ $ref: '#/defs/Node' }, { $ref: '#/defs/Node' })).toEqual([['narrowed', '.v: maxLength none -> 4']])
  })

  it('finds nothing between equal schemas written differently (key order, enum order)', () => {
    expect(deltas({ type: 'string', enum: ['a', 'b'] }, { enum: ['b', 'a'], type: 'string' })).toEqual([])
  })
})

/** The deltas between two schemas, with `defs` holding the components both may `$ref` (`#/defs/...`). */
function between(a: unknown, b: unknown, defsA: Record<string, unknown> = {}, defsB: Record<string, unknown> = defsA): Array<[string, string]> {
  const docA = { s: a, defs: defsA }
  const docB = { s: b, defs: defsB }
  return compareSchemas(docA, docB, locate(docA, '/s')!, locate(docB, '/s')!).map((d) => [d.change, d.what])
}

describe('compareSchemas: patterns by the strings they match', () => {
  it('narrowed, widened, neither, or only rewritten', () => {
    expect(between({ type: 'string', pattern: '^0x([0-9a-fA-F]?){1,2}$' }, { type: 'string', pattern: '^0x[0-9a-f]{1,2}$' })).toEqual([
      ['narrowed', 'pattern "^0x([0-9a-fA-F]?){1,2}$" -> "^0x[0-9a-f]{1,2}$" (matches a subset of the strings it matched)'],
    ])
    expect(between({ type: 'string', pattern: '^[1-9][0-9]*$' }, { type: 'string', pattern: '^(0|[1-9][0-9]*)$' })).toEqual([
      ['widened', 'pattern "^[1-9][0-9]*$" -> "^(0|[1-9][0-9]*)$" (matches every string it matched, and more)'],
    ])
    expect(between({ type: 'string', pattern: '^0x[0-9a-f]{40}$' }, { type: 'string', pattern: '^0x[0-9a-f]{64}$' })).toEqual([
      ['changed', 'pattern "^0x[0-9a-f]{40}$" -> "^0x[0-9a-f]{64}$" (each matches strings the other refuses)'],
    ])
    // The same strings written another way is no change.
    expect(between({ type: 'string', pattern: '^[0-9]+$' }, { type: 'string', pattern: '^\\d+$' })).toEqual([])
  })

  it('reads a pattern without anchors as matching anywhere in the string', () => {
    expect(between({ pattern: '0x' }, { pattern: '^0x' })[0]?.[0]).toBe('narrowed')
    expect(between({ pattern: '^0x[0-9a-f]+$' }, { pattern: '[0-9a-f]' })[0]?.[0]).toBe('widened')
    expect(between({ pattern: 'a|b' }, { pattern: '^a|b$' })[0]?.[0]).toBe('narrowed')
  })

  it('says when inclusion cannot be decided, and then breaks both', () => {
    expect(between({ pattern: '^(a+)\\1$' }, { pattern: '^(a+)\\1\\1$' })).toEqual([
      [
        'changed',
        String.raw`pattern "^(a+)\\1$" -> "^(a+)\\1\\1$" (whether either includes the other could not be decided: a backreference the automata cannot represent)`,
      ],
    ])
  })
})

describe('compareSchemas: unions, enums, bounds, members', () => {
  const defs = {
    uint: { title: 'uint', type: 'string', pattern: '^0x(0|[1-9a-f][0-9a-f]*)$' },
    tag: { title: 'tag', type: 'string', enum: ['latest', 'earliest'] },
  }

  it('a $ref replaced by a oneOf that keeps it widens, once; the other way narrows', () => {
    const union = { title: 'number or tag', oneOf: [{ $ref: '#/defs/uint' }, { $ref: '#/defs/tag' }] }
    expect(between({ $ref: '#/defs/uint' }, union, defs)).toEqual([
      ['widened', 'now oneOf of 2, branch 0 being the old schema: branch 1 ("tag", "latest" | "earliest") added'],
    ])
    expect(between(union, { $ref: '#/defs/uint' }, defs)).toEqual([
      ['narrowed', 'oneOf of 2 replaced by one schema, its branch 0: branch 1 ("tag", "latest" | "earliest") dropped'],
    ])
  })

  it('pairs branches by what they accept, not by their place', () => {
    expect(between({ anyOf: [{ type: 'null' }, { type: 'string' }] }, { anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual([])
    expect(between({ anyOf: [{ type: 'null' }, { type: 'string', maxLength: 4 }] }, { anyOf: [{ type: 'string', maxLength: 2 }, { type: 'null' }] })).toEqual([
      ['narrowed', 'anyOf[1 -> 0]: maxLength 4 -> 2'],
    ])
    expect(between({ anyOf: [{ type: 'string' }, { type: 'null' }] }, { anyOf: [{ type: 'string' }] })).toEqual([['narrowed', 'anyOf[1] (null) removed']])
    // A branch whose values another branch accepts anyway changes nothing.
    expect(between({ anyOf: [{ type: 'string' }] }, { anyOf: [{ type: 'string' }, { type: 'string', maxLength: 3 }] })).toEqual([])
    // oneOf -> anyOf is read as the same union.
    expect(between({ oneOf: [{ type: 'string' }, { type: 'null' }] }, { anyOf: [{ type: 'null' }, { type: 'string' }] })).toEqual([])
  })

  it('reads enum values added as widening and removed as narrowing', () => {
    expect(between({ enum: ['a', 'b'] }, { enum: ['a', 'b', 'c'] })).toEqual([['widened', 'allowed values added: "c"']])
    expect(between({ enum: ['a', 'b'] }, { enum: ['a'] })).toEqual([['narrowed', 'allowed values removed: "b"']])
    expect(between({ enum: ['a', 'b'] }, { enum: ['a', 'c'] })).toEqual([['changed', 'allowed values: "b" removed, "c" added']])
  })

  it('reads bounds and multipleOf by their direction', () => {
    expect(between({ type: 'integer', minimum: 0 }, { type: 'integer', minimum: 1 })).toEqual([['narrowed', 'minimum 0 -> 1']])
    expect(between({ type: 'array', maxItems: 10 }, { type: 'array', maxItems: 20 })).toEqual([['widened', 'maxItems 10 -> 20']])
    expect(between({ type: 'integer', multipleOf: 2 }, { type: 'integer', multipleOf: 4 })).toEqual([['narrowed', 'multipleOf 2 -> 4']])
    expect(between({ type: 'number', minimum: 0 }, { type: 'number', minimum: 0, exclusiveMinimum: true })).toEqual([['narrowed', 'exclusiveMinimum set']])
    expect(between({ type: 'integer', multipleOf: 2 }, { type: 'integer', multipleOf: 3 })).toEqual([['changed', 'multipleOf 2 -> 3']])
  })

  it('says a new required member once: it narrows (and in a closed object, no value is valid on both sides)', () => {
    const open = { type: 'object', required: ['a'], properties: { a: { type: 'string' } } }
    const withB = { type: 'object', required: ['a', 'b'], properties: { a: { type: 'string' }, b: { type: 'string' } } }
    expect(between(open, withB)).toEqual([['narrowed', "member 'b' added, required"]])
    expect(between(withB, open)).toEqual([['widened', "member 'b' removed, no longer required"]])
    expect(between({ ...open, additionalProperties: false }, { ...withB, additionalProperties: false })).toEqual([
      ['changed', "member 'b' added and required: it was refused before"],
    ])
    // An existing member made required, and an optional one added, stay two changes of their own.
    expect(between(withB, { ...withB, required: ['a', 'b', 'c'], properties: { ...withB.properties, d: { type: 'string' } } })).toEqual([
      ['note', "property 'd' added"],
      ['narrowed', "member 'c' is now required"],
    ])
  })

  it('compares no keyword of a type only one side accepts: the type change says it', () => {
    expect(between({ type: 'string', pattern: '^0x[0-9a-f]*$' }, { type: 'object', required: ['raw'], properties: { raw: { type: 'string' } } })).toEqual([
      ['changed', 'type string -> object (no value valid before is valid now)'],
    ])
    expect(between({ type: 'string', pattern: '^0x' }, { type: ['string', 'object'], pattern: '^0x', required: ['raw'] })).toEqual([
      ['widened', 'type string -> string | object'],
    ])
  })

  it('reads not the other way round, and true as the empty schema', () => {
    // Refusing more strings accepts fewer.
    expect(between({ not: { type: 'string', maxLength: 2 } }, { not: { type: 'string', maxLength: 4 } })).toEqual([['narrowed', 'not: maxLength 2 -> 4']])
    expect(between(true, {})).toEqual([])
  })
})

describe('compareSchemas on any schema', () => {
  // Schemas of every shape the keywords allow, and some they do not (a numeric type, an invalid
  // pattern, a dangling or cyclic $ref), nested: the comparison never throws, and a schema compared
  // with itself yields nothing.
  const schema = fc.letrec((tie) => ({
    s: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom<unknown>(true, false, {}, null, 1, 'x'),
      fc.record(
        {
          type: fc.constantFrom<unknown>('string', 'integer', 'number', 'object', 'array', 'null', ['string', 'null'], 7),
          pattern: fc.constantFrom<unknown>('^a$', 'a', '^(a+)\\1$', '(', '^0x[0-9a-f]*$', 3),
          enum: fc.array(fc.jsonValue(), { maxLength: 3 }),
          minimum: fc.integer(),
          maxLength: fc.nat(),
          multipleOf: fc.constantFrom(0, 2, 3, -1, 0.5),
          required: fc.array(fc.constantFrom<unknown>('a', 'b', 3), { maxLength: 2 }),
          properties: fc.dictionary(fc.constantFrom('a', 'b'), tie('s'), { maxKeys: 2 }),
          additionalProperties: fc.oneof(fc.boolean(), tie('s')),
          items: tie('s'),
          oneOf: fc.array(tie('s'), { maxLength: 3 }),
          anyOf: fc.array(tie('s'), { maxLength: 3 }),
          allOf: fc.array(tie('s'), { maxLength: 2 }),
          not: tie('s'),
          $ref: fc.constantFrom('#/defs/A', '#/defs/B', '#/nowhere', '#/s'),
        },
        { requiredKeys: [] },
      ),
    ),
  }))

  it('never throws, and finds nothing between a schema and itself', () => {
    fc.assert(
      fc.property(schema.s, schema.s, schema.s, (a, b, def) => {
        const docA = { s: a, defs: { A: def, B: { properties: { x: { $ref: '#/defs/B' } } } } }
        const docB = { s: b, defs: { A: def, B: { $ref: '#/defs/A' } } }
        const la = locate(docA, '/s')
        const lb = locate(docB, '/s')
        if (la !== undefined && lb !== undefined) compareSchemas(docA, docB, la, lb)
        if (la !== undefined) expect(compareSchemas(docA, docA, la, la)).toEqual([])
      }),
      { numRuns: 300 },
    )
  })
})
