import { describe, expect, it } from 'vitest'
import { RefDependencies } from './refDependencies.js'

describe('RefDependencies', () => {
  const document = {
    components: {
      schemas: {
        ok: { type: 'string' },
        loop: { properties: { next: { $ref: '#/components/schemas/loop' }, leaf: { $ref: '#/components/schemas/ok' } } },
        broken: { $ref: '#/components/schemas/missing' },
        deep: { items: { $ref: '#/components/schemas/middle' } },
        middle: { anyOf: [{ $ref: '#/components/schemas/ok' }, { $ref: '#/components/schemas/broken' }] },
        // A property named "$ref" is no reference.
        named: { properties: { $ref: { $ref: '#/components/schemas/ok' } } },
      },
    },
    methods: [{ result: { $ref: '#/components/contentDescriptors/gone' } }],
  }

  it('finds the broken refs a schema needs, however deep, and none where there are none (cycles included)', () => {
    const refs = new RefDependencies(document)
    expect(refs.any).toBe(true)
    expect(refs.brokenUnder('/components/schemas/ok')).toEqual([])
    expect(refs.brokenUnder('/components/schemas/loop')).toEqual([])
    expect(refs.brokenUnder('/components/schemas/named')).toEqual([])
    expect(refs.brokenUnder('/components/schemas/deep')).toEqual(['/components/schemas/broken/$ref'])
    expect(refs.brokenUnder('/components/schemas/deep/items')).toEqual(['/components/schemas/broken/$ref'])
    // On the way: the lookup itself stops at the broken ref.
    expect(refs.brokenUnder('/components/schemas/broken/properties/x')).toEqual(['/components/schemas/broken/$ref'])
    expect(refs.onTheWay('/methods/0/result/schema')).toEqual(['/methods/0/result/$ref'])
    expect(refs.onTheWay('/components/schemas/loop/properties/next/properties/leaf')).toEqual([])
    expect(refs.onTheWay('/components/schemas/absent')).toEqual([])
  })

  it('says, in the problem of each broken ref, what was left out because of it', () => {
    const refs = new RefDependencies(document)
    refs.leaveOut(['/components/schemas/broken/$ref'], 'example', '/a')
    refs.leaveOut(['/components/schemas/broken/$ref'], 'example', '/b')
    refs.leaveOut(['/methods/0/result/$ref'], 'examples', '/methods/0/examples/0')
    for (const place of ['/1', '/2', '/3', '/4', '/5', '/6', '/7']) refs.leaveOut(['/methods/0/result/$ref'], 'example', place)
    expect(refs.issues()).toEqual([
      {
        pointer: '/components/schemas/broken/$ref',
        message: 'cannot resolve "#/components/schemas/missing": nothing at /components/schemas/missing; not checked because of it: 2 examples (/a, /b)',
      },
      {
        pointer: '/methods/0/result/$ref',
        message:
          'cannot resolve "#/components/contentDescriptors/gone": nothing at /components/contentDescriptors/gone; not checked because of it: 7 examples (/1, /2, /3, /4, /5 and 2 more); the examples under /methods/0/examples/0',
      },
    ])
  })

  it('costs nothing when every ref resolves', () => {
    const refs = new RefDependencies({ a: { $ref: '#/b' }, b: {} })
    expect(refs.any).toBe(false)
    expect(refs.brokenUnder('/a')).toEqual([])
    expect(refs.issues()).toEqual([])
  })
})
