import { describe, expect, it } from 'vitest'
import { admitsNull, branchClassifier, branchLabel, classifiable, CLASSIFY_MAX_BYTES, CLASSIFY_MAX_VALUES } from './schemaBranches.js'

describe('branchLabel', () => {
  it('names an alternative by its title, else its type and values, else its place', () => {
    expect(branchLabel({ title: 'quantity', type: 'string' }, 0)).toBe('quantity')
    expect(branchLabel({ type: 'boolean', enum: [false] }, 1)).toBe('boolean [false]')
    expect(branchLabel({ type: ['string', 'null'] }, 1)).toBe('string|null')
    expect(branchLabel({ const: null }, 1)).toBe('[null]')
    expect(branchLabel({ required: ['a'] }, 2)).toBe('#2')
    expect(branchLabel(true, 3)).toBe('#3')
  })
})

describe('admitsNull', () => {
  it('reads type null, nullable, enums, consts and alternatives', () => {
    expect(admitsNull({ type: 'null' })).toBe(true)
    expect(admitsNull({ type: ['object', 'null'] })).toBe(true)
    expect(admitsNull({ type: 'object', nullable: true })).toBe(true)
    expect(admitsNull({ enum: ['a', null] })).toBe(true)
    expect(admitsNull({ oneOf: [{ type: 'string' }, { anyOf: [{ const: null }] }] })).toBe(true)
    expect(admitsNull({ oneOf: [{ type: 'string' }, { type: 'boolean' }] })).toBe(false)
    expect(admitsNull({})).toBe(false)
  })
})

describe('branchClassifier', () => {
  const isString = (value: unknown) => (typeof value === 'string' ? [] : [{ pointer: '', message: 'not a string' }])
  const isShort = (value: unknown) => (typeof value === 'string' && value.length < 3 ? [] : [{ pointer: '', message: 'too long' }])

  it('counts every alternative a value matches (anyOf may match several), and values that match none', () => {
    const asked: string[] = []
    const classifier = branchClassifier({ anyOf: [{ title: 'string' }, { title: 'short' }] }, '/p', (pointer) => {
      asked.push(pointer)
      return pointer.endsWith('/0') ? isString : isShort
    })
    expect(asked).toEqual([])
    const into = classifier!.empty()
    classifier!.classify('ab', into)
    classifier!.classify('abcd', into)
    classifier!.classify(5, into)
    expect(into).toEqual({
      keyword: 'anyOf',
      branches: [
        { index: 0, label: 'string', matched: 2 },
        { index: 1, label: 'short', matched: 1 },
      ],
      unmatched: 1,
    })
    // Each alternative's validator is asked for once, when first needed.
    expect(asked).toEqual(['/p/anyOf/0', '/p/anyOf/1'])
  })

  it('is undefined for a schema without top-level alternatives, and an alternative that does not compile matches nothing', () => {
    expect(branchClassifier({ type: 'string' }, '/p', () => isString)).toBeUndefined()
    const classifier = branchClassifier({ oneOf: [{}, {}] }, '/p', (pointer) => {
      if (pointer.endsWith('/1')) throw new Error('does not compile')
      return isString
    })
    const into = classifier!.empty()
    classifier!.classify('x', into)
    expect(into.branches.map((branch) => branch.matched)).toEqual([1, 0])
  })
})

describe('classifiable', () => {
  it('bounds by the answer’s bytes, a string’s length and a value’s count of JSON values', () => {
    expect(classifiable({ a: 1 }, 100)).toBe(true)
    expect(classifiable({ a: 1 }, CLASSIFY_MAX_BYTES + 1)).toBe(false)
    expect(classifiable('x'.repeat(CLASSIFY_MAX_BYTES + 1), undefined)).toBe(false)
    expect(classifiable(new Array(CLASSIFY_MAX_VALUES + 1).fill(0), undefined)).toBe(false)
    expect(classifiable(null, undefined)).toBe(true)
  })
})
