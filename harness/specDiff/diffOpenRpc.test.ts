import { describe, expect, it } from 'vitest'
import { diffOpenRpc } from './diffOpenRpc.js'
import type { SpecChange } from './specChange.js'

type Json = Record<string, unknown>

/** A small OpenRPC document: one method `m` with a param `block` and a result, shared schemas under components. */
function spec(edit: (doc: Json & { methods: Json[]; components: { schemas: Record<string, Json> }; info: Json }) => void = () => {}): Json {
  const doc = {
    openrpc: '1.2.6',
    info: { title: 't', version: '1', 'x-limits': { maxBlockRange: 1000, rateLimit: null } },
    methods: [
      {
        name: 'm',
        params: [
          { name: 'block', required: false, schema: { $ref: '#/components/schemas/Quantity' } },
          { name: 'full', required: false, schema: { type: 'boolean' } },
        ],
        result: { name: 'r', schema: { $ref: '#/components/schemas/Block' } },
        errors: [{ code: -32602, message: 'invalid params' }],
      },
      { name: 'other', params: [], result: { name: 'r', schema: { type: 'string', enum: ['a', 'b'] } } },
    ],
    components: {
      schemas: {
        Quantity: { type: 'string', pattern: '^0x[0-9a-f]+$' },
        Block: { type: 'object', required: ['hash'], properties: { hash: { type: 'string' }, size: { $ref: '#/components/schemas/Quantity' } } },
      },
    },
  }
  edit(doc)
  return doc
}

function kinds(changes: SpecChange[]): Array<[string, string[], string]> {
  return changes.map((c) => [c.kind, c.breaks, c.where])
}

const cases: Array<{ name: string; edit: Parameters<typeof spec>[0]; expected: Array<[string, string[], string]>; pointers?: [string | null, string | null] }> =
  [
    {
      name: 'a method removed breaks clients',
      edit: (d) => void d.methods.splice(1, 1),
      expected: [['method-removed', ['client'], 'other']],
      pointers: ['/methods/1', null],
    },
    {
      name: 'a method added breaks servers',
      edit: (d) => void d.methods.push({ name: 'extra', params: [], result: { name: 'r', schema: {} } }),
      expected: [['method-added', ['server'], 'extra']],
    },
    {
      name: 'a parameter removed breaks clients',
      edit: (d) => void (d.methods[0]!.params as Json[]).pop(),
      expected: [['param-removed', ['client'], 'm']],
      pointers: ['/methods/0/params/1', null],
    },
    {
      name: 'a parameter made required breaks clients',
      edit: (d) => void ((d.methods[0]!.params as Json[])[0]!.required = true),
      expected: [['param-required', ['client'], 'm']],
    },
    {
      name: 'a result narrowed (a required member added) breaks servers',
      edit: (d) => void (d.components.schemas.Block!.required = ['hash', 'size']),
      expected: [['response-narrowed', ['server'], 'm']],
      pointers: ['/components/schemas/Block', '/components/schemas/Block'],
    },
    {
      name: 'a result enum narrowed breaks servers',
      edit: (d) => {
        ;(d.methods[1]!.result as Json).schema = { type: 'string', enum: ['a'] }
      },
      expected: [['response-narrowed', ['server'], 'other']],
      pointers: ['/methods/1/result/schema', '/methods/1/result/schema'],
    },
    {
      name: 'a result type widened breaks clients',
      edit: (d) => {
        ;(d.methods[1]!.result as Json).schema = { type: ['string', 'null'], enum: ['a', 'b'] }
      },
      expected: [['response-widened', ['client'], 'other']],
    },
    {
      name: 'a request pattern narrowed (through a $ref) breaks clients',
      edit: (d) => void (d.components.schemas.Quantity!.pattern = '^0x[0-9a-f]{1,16}$'),
      // The pattern is shared by the param and the result's `size`: fewer strings match it, which
      // refuses clients that sent the others (the param) and nodes that returned them (the result).
      expected: [
        ['request-narrowed', ['client'], 'm'],
        ['response-narrowed', ['server'], 'm'],
      ],
      pointers: ['/components/schemas/Quantity', '/components/schemas/Quantity'],
    },
    {
      name: 'a request type narrowed breaks clients',
      edit: (d) => {
        ;((d.methods[0]!.params as Json[])[1]!.schema as Json) = { type: 'boolean', enum: [true] }
      },
      expected: [['request-narrowed', ['client'], 'm']],
    },
    {
      name: 'an error code changed breaks both',
      edit: (d) => void (d.methods[0]!.errors = [{ code: -32000, message: 'invalid params' }]),
      expected: [['error-code-changed', ['client', 'server'], 'm']],
      pointers: ['/methods/0/errors/0', '/methods/0/errors/0'],
    },
    {
      name: 'a method newly blocked breaks both',
      edit: (d) => void (d.methods[1]!['x-blocked'] = { reason: 'r', alternative: 'a' }),
      expected: [['method-blocked', ['client', 'server'], 'other']],
      pointers: ['/methods/1', '/methods/1/x-blocked'],
    },
    {
      name: 'a limit lowered (or set where there was none) breaks both',
      edit: (d) => void (d.info['x-limits'] = { maxBlockRange: 500, rateLimit: 100 }),
      expected: [
        ['limit-lowered', ['client', 'server'], 'info'],
        ['limit-lowered', ['client', 'server'], 'info'],
      ],
      pointers: ['/info/x-limits/maxBlockRange', '/info/x-limits/maxBlockRange'],
    },
    {
      name: 'a transport dropped from a method breaks clients',
      edit: (d) => void (d.methods[1]!['x-transports'] = ['http']),
      expected: [['transport-removed', ['client'], 'other']],
    },
    {
      name: 'a limit raised breaks servers only',
      edit: (d) => void (d.info['x-limits'] = { maxBlockRange: 2000, rateLimit: null }),
      expected: [['limit-raised', ['server'], 'info']],
    },
    {
      name: 'a renamed component that means the same is no change',
      edit: (d) => {
        d.components.schemas.Hex = d.components.schemas.Quantity!
        delete d.components.schemas.Quantity
        const text = JSON.stringify(d).replaceAll('#/components/schemas/Quantity', '#/components/schemas/Hex')
        Object.assign(d, JSON.parse(text))
      },
      expected: [],
    },
    {
      name: 'an optional response property added is compatible',
      edit: (d) => void ((d.components.schemas.Block!.properties as Json).extra = { type: 'string' }),
      expected: [['response-changed-compatibly', [], 'm']],
    },
  ]

describe('diffOpenRpc: one small spec pair per kind of change', () => {
  for (const c of cases) {
    it(c.name, () => {
      const changes = diffOpenRpc(spec(), spec(c.edit))
      expect(kinds(changes)).toEqual(c.expected)
      if (c.pointers !== undefined) expect([changes[0]?.old, changes[0]?.new]).toEqual(c.pointers)
    })
  }

  it('finds nothing between a spec and itself', () => {
    expect(diffOpenRpc(spec(), spec())).toEqual([])
  })
})

/**
 * One rule, two places: the same schema change made to a param (what clients send) and to a result
 * (what nodes send). Narrowing a param refuses clients that sent what is now outside it; widening
 * it asks nodes to take more. Narrowing a result makes nodes that sent the rest non-conforming;
 * widening it lets clients receive what they never expected. Neither way: both.
 */
const rules: Array<{ rule: string; old: Json; new: Json; components?: Record<string, Json>; change: 'narrowed' | 'widened' | 'changed' }> = [
  { rule: 'a pattern narrowed', old: { type: 'string', pattern: '^0x[0-9a-fA-F]*$' }, new: { type: 'string', pattern: '^0x[0-9a-f]*$' }, change: 'narrowed' },
  { rule: 'a pattern widened', old: { type: 'string', pattern: '^[1-9][0-9]*$' }, new: { type: 'string', pattern: '^(0|[1-9][0-9]*)$' }, change: 'widened' },
  {
    rule: 'a pattern neither narrowed nor widened',
    old: { type: 'string', pattern: '^0x[0-9a-f]{40}$' },
    new: { type: 'string', pattern: '^0x[0-9a-f]{64}$' },
    change: 'changed',
  },
  { rule: 'an unanchored pattern anchored', old: { type: 'string', pattern: '0x' }, new: { type: 'string', pattern: '^0x' }, change: 'narrowed' },
  {
    rule: 'a pattern whose inclusion cannot be decided',
    old: { type: 'string', pattern: '^(a+)\\1$' },
    new: { type: 'string', pattern: '^a+$' },
    change: 'changed',
  },
  {
    rule: 'an anyOf branch added',
    old: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    new: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
    change: 'widened',
  },
  { rule: 'an anyOf branch removed', old: { anyOf: [{ type: 'string' }, { type: 'integer' }] }, new: { anyOf: [{ type: 'string' }] }, change: 'narrowed' },
  {
    rule: 'a $ref replaced by a oneOf that keeps it',
    old: { $ref: '#/components/schemas/uint' },
    new: { oneOf: [{ $ref: '#/components/schemas/uint' }, { type: 'string', enum: ['latest'] }] },
    components: { uint: { type: 'string', pattern: '^0x(0|[1-9a-f][0-9a-f]*)$' } },
    change: 'widened',
  },
  { rule: 'an enum value added', old: { type: 'string', enum: ['a', 'b'] }, new: { type: 'string', enum: ['a', 'b', 'c'] }, change: 'widened' },
  { rule: 'an enum value removed', old: { type: 'string', enum: ['a', 'b'] }, new: { type: 'string', enum: ['a'] }, change: 'narrowed' },
  { rule: 'a bound tightened', old: { type: 'integer', minimum: 0, maximum: 100 }, new: { type: 'integer', minimum: 0, maximum: 10 }, change: 'narrowed' },
  { rule: 'a bound loosened', old: { type: 'string', maxLength: 10 }, new: { type: 'string', maxLength: 20 }, change: 'widened' },
  {
    rule: 'a required member added (said once)',
    old: { type: 'object', properties: { a: { type: 'string' } } },
    new: { type: 'object', required: ['b'], properties: { a: { type: 'string' }, b: { type: 'string' } } },
    change: 'narrowed',
  },
  { rule: 'a type integer made number', old: { type: 'integer' }, new: { type: 'number' }, change: 'widened' },
  { rule: 'a format added', old: { type: 'string' }, new: { type: 'string', format: 'uri' }, change: 'narrowed' },
]

function oneMethod(param: Json, result: Json, components: Record<string, Json> = {}): Json {
  return {
    openrpc: '1.2.6',
    info: { title: 't', version: '1' },
    methods: [{ name: 'm', params: [{ name: 'p', required: true, schema: param }], result: { name: 'r', schema: result } }],
    components: { schemas: components },
  }
}

describe('diffOpenRpc: each rule names the side by the direction the data flows', () => {
  const unchanged = { type: 'boolean' }
  const sides = {
    narrowed: { request: ['client'], response: ['server'] },
    widened: { request: ['server'], response: ['client'] },
    changed: { request: ['client', 'server'], response: ['client', 'server'] },
  }
  for (const r of rules) {
    it(`${r.rule}: in a param, then in a result`, () => {
      const inParam = diffOpenRpc(oneMethod(r.old, unchanged, r.components), oneMethod(r.new, unchanged, r.components))
      expect(kinds(inParam)).toEqual([[`request-${r.change}`, sides[r.change].request, 'm']])
      const inResult = diffOpenRpc(oneMethod(unchanged, r.old, r.components), oneMethod(unchanged, r.new, r.components))
      expect(kinds(inResult)).toEqual([[`response-${r.change}`, sides[r.change].response, 'm']])
    })
  }

  it('never says a member is both a compatible addition and newly required', () => {
    const changes = diffOpenRpc(
      oneMethod({ type: 'object' }, { type: 'object' }),
      oneMethod(
        { type: 'object', required: ['x'], properties: { x: { type: 'string' } } },
        { type: 'object', required: ['x'], properties: { x: { type: 'string' } } },
      ),
    )
    expect(changes.map((c) => [c.kind, c.breaks, c.message])).toEqual([
      ['request-narrowed', ['client'], "param 'p' narrowed: member 'x' added, required"],
      ['response-narrowed', ['server'], "result narrowed: member 'x' added, required"],
    ])
  })
})
