import { describe, expect, it } from 'vitest'
import { holdsMoreValuesThan } from './jsonValueCount.js'

describe('holdsMoreValuesThan', () => {
  it('counts the value itself, its elements and its members at any depth', () => {
    expect(holdsMoreValuesThan({ a: [1, 2] }, 3)).toBe(true)
    expect(holdsMoreValuesThan({ a: [1, 2] }, 4)).toBe(false)
    expect(holdsMoreValuesThan(null, 0)).toBe(true)
    expect(holdsMoreValuesThan('text', 1)).toBe(false)
  })

  it('answers at once for a value of 300,000 keys, and for a 100,000-deep array', () => {
    const wide: Record<string, number> = {}
    for (let index = 0; index < 300_000; index++) wide[`k${index}`] = index
    expect(holdsMoreValuesThan(wide, 50_000)).toBe(true)
    let deep: unknown = 0
    for (let level = 0; level < 100_000; level++) deep = [deep]
    expect(holdsMoreValuesThan(deep, 50_000)).toBe(true)
    expect(holdsMoreValuesThan(deep, 200_000)).toBe(false)
  })

  it('does not count inherited members', () => {
    const child = Object.create({ inherited: 1 }) as Record<string, unknown>
    child.own = 2
    expect(holdsMoreValuesThan(child, 2)).toBe(false)
  })
})
