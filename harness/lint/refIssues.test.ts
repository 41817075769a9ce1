import { describe, expect, it } from 'vitest'
import { refIssues } from './refIssues.js'

describe('refIssues', () => {
  it('reports each reference that names nothing, with its place', () => {
    const document = {
      components: { schemas: { a: { type: 'string' }, b: { properties: { default: { $ref: '#/components/schemas/zz' } } } } },
      methods: [{ result: { schema: { $ref: '#/components/schemas/a' } } }, { result: { schema: { $ref: 'remote.json#/a' } } }],
    }
    expect(refIssues(document)).toEqual([
      { pointer: '/components/schemas/b/properties/default/$ref', message: 'cannot resolve "#/components/schemas/zz": nothing at /components/schemas/zz' },
      { pointer: '/methods/1/result/schema/$ref', message: 'cannot resolve "remote.json#/a": only references into the same document ("#/...") are supported' },
    ])
  })

  it('does not read data as references', () => {
    expect(refIssues({ schema: { default: { $ref: 'not a reference' }, example: { $ref: 'data' } }, examples: [{ value: { $ref: 'data' } }] })).toEqual([])
  })
})
