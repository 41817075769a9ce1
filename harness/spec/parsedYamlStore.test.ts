import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { jsonHoldsExactly, storedYamlValue, storeYamlValue } from './parsedYamlStore.js'

describe('parsedYamlStore', () => {
  test('a value kept under a hash is found by that hash only', () => {
    const sha256 = randomBytes(32).toString('hex')
    expect(storedYamlValue(sha256)).toBeUndefined()
    storeYamlValue(sha256, { openapi: '3.0.3', paths: { '/a': [1, 'two', true, null] } })
    expect(storedYamlValue(sha256)).toEqual({ openapi: '3.0.3', paths: { '/a': [1, 'two', true, null] } })
    expect(storedYamlValue(randomBytes(32).toString('hex'))).toBeUndefined()
  })

  test('a value JSON would change is not kept', () => {
    const sha256 = randomBytes(32).toString('hex')
    storeYamlValue(sha256, { maximum: Infinity })
    expect(storedYamlValue(sha256)).toBeUndefined()
  })

  test('only what JSON gives back exactly counts as held', () => {
    expect(jsonHoldsExactly({ a: [1, 'b', false, null, { c: 2.5 }] })).toBe(true)
    for (const value of [Infinity, NaN, -0, new Date(0), new Map(), undefined, 10n, { a: undefined }, JSON.parse('{"__proto__": 1}')]) {
      expect(jsonHoldsExactly(value)).toBe(false)
    }
  })

  test('a name that is not a sha256 keeps and finds nothing', () => {
    storeYamlValue('../escape', { a: 1 })
    expect(storedYamlValue('../escape')).toBeUndefined()
  })
})
