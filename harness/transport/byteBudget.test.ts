import { describe, expect, it } from 'vitest'
import { ByteBudget } from './byteBudget.js'

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
})
