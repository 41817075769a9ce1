import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { type JsonType, wrongJsonType } from './wrongJsonType.js'

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value as JsonType
}
const admits = (admitted: readonly JsonType[], v: unknown): boolean => {
  const type = typeOf(v)
  return admitted.includes(type) || (type === 'integer' && admitted.includes('number'))
}

describe('wrongJsonType()', () => {
  it.each<JsonType[]>([['string'], ['number'], ['integer'], ['object', 'null'], ['boolean', 'array', 'string']])(
    'obeys the laws: never a value of the admitted types %j',
    (...admitted) => {
      const arb = wrongJsonType(admitted)
      expect(arb).not.toBeNull()
      expect(
        arbitraryLawViolations(
          () => wrongJsonType(admitted)!,
          (v) => !admits(admitted, v),
        ),
      ).toEqual([])
    },
  )

  it('leaves null out unless asked, and gives up when everything is admitted', () => {
    expect(fc.sample(wrongJsonType(['string'])!, { seed: 3, numRuns: 300 })).not.toContain(null)
    expect(fc.sample(wrongJsonType(['string'], { includeNull: true })!, { seed: 3, numRuns: 300 })).toContain(null)
    expect(wrongJsonType(['string', 'number', 'boolean', 'object', 'array'])).toBeNull()
  })
})
