import { describe, expect, it } from 'vitest'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { ByteBudget, COLLECT_EVERY_BYTES, RETAINED_BODY_BYTES } from './byteBudget.js'

describe('ByteBudget', () => {
  it('takes bytes while they fit, refuses past the limit without taking, and gives them back', () => {
    const budget = new ByteBudget(100)
    expect(budget.take(60)).toBe(true)
    expect(budget.take(50)).toBe(false)
    expect(budget.held).toBe(60)
    expect(budget.refusal()).toMatch(/already held 0\.0 MiB .* budget of 0\.0 MiB \(IN_FLIGHT_BYTES_BUDGET\)/)
    budget.give(60)
    expect(budget.take(100)).toBe(true)
  })

  it('asks for one garbage collection once large bodies worth COLLECT_EVERY_BYTES are let go of, not for small ones', async () => {
    let collections = 0
    const budget = new ByteBudget(4 * COLLECT_EVERY_BYTES, () => collections++)
    for (let index = 0; index < 10_000; index++) {
      budget.take(1000)
      budget.give(1000)
    }
    await nextTurn()
    expect(collections).toBe(0)
    const large = COLLECT_EVERY_BYTES / 2
    expect(budget.take(large)).toBe(true)
    budget.settle({}, large)
    expect(budget.take(large)).toBe(true)
    budget.give(large)
    expect(budget.take(RETAINED_BODY_BYTES)).toBe(true)
    budget.give(RETAINED_BODY_BYTES)
    expect(collections, 'after the current work, not within it').toBe(0)
    await nextTurn()
    expect(collections).toBe(1)
  })

  it('asks for a collection when it refuses: what it holds may be bodies nobody references any more', async () => {
    let collections = 0
    const budget = new ByteBudget(100, () => collections++)
    expect(budget.take(60)).toBe(true)
    expect(budget.take(50)).toBe(false)
    expect(budget.take(50)).toBe(false)
    await nextTurn()
    expect(collections).toBe(1)
  })
})
