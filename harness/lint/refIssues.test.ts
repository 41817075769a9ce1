import { describe, expect, it } from 'vitest'
import { brokenRefs, forEachRef } from './refIssues.js'

describe('brokenRefs', () => {
  it('reports each reference that names nothing, with its place', () => {
    const document = {
      components: { schemas: { a: { type: 'string' }, b: { properties: { default: { $ref: '#/components/schemas/zz' } } } } },
      methods: [{ result: { schema: { $ref: '#/components/schemas/a' } } }, { result: { schema: { $ref: 'remote.json#/a' } } }],
    }
    expect(brokenRefs(document)).toEqual([
      {
        pointer: '/components/schemas/b/properties/default/$ref',
        ref: '#/components/schemas/zz',
        reason: 'cannot resolve "#/components/schemas/zz": nothing at /components/schemas/zz',
      },
      {
        pointer: '/methods/1/result/schema/$ref',
        ref: 'remote.json#/a',
        reason: 'cannot resolve "remote.json#/a": only references into the same document ("#/...") are supported',
      },
    ])
  })

  it('does not read data as references', () => {
    expect(brokenRefs({ schema: { default: { $ref: 'not a reference' }, example: { $ref: 'data' } }, examples: [{ value: { $ref: 'data' } }] })).toEqual([])
  })
})

describe('forEachRef', () => {
  it('visits the references under a place, not the names of name maps, nor the data keywords asked for', () => {
    const seen: string[] = []
    const schema = { properties: { $ref: { $ref: '#/a' } }, items: { $ref: '#/b' }, examples: [{ $ref: '#/c' }] }
    forEachRef(schema, '/s', (pointer, ref) => seen.push(`${pointer} ${ref}`), new Set(['examples']))
    expect(seen).toEqual(['/s/properties/$ref/$ref #/a', '/s/items/$ref #/b'])
  })
})
