import { describe, expect, it } from 'vitest'
import { limitEntries } from './limitEntries.js'

describe('limitEntries', () => {
  it('orders the measured limits, spells null as none and byte counts as sizes', () => {
    expect(
      limitEntries({ rateLimit: null, maxWsMessageBytes: '>=16777216', zeta: true, maxRequestBytes: 5_242_880, maxBatchItems: 1000, maxBlockRange: '>=41' }),
    ).toEqual([
      { name: 'maxBlockRange', relation: '≥', value: '41', hint: null },
      { name: 'maxBatchItems', relation: '=', value: '1000', hint: null },
      { name: 'maxRequestBytes', relation: '=', value: '5242880', hint: '5 MiB' },
      { name: 'maxWsMessageBytes', relation: '≥', value: '16777216', hint: '≥16 MiB' },
      { name: 'rateLimit', relation: '=', value: 'none', hint: null },
      { name: 'zeta', relation: '=', value: 'true', hint: null },
    ])
    expect(limitEntries({ maxRequestBytes: 123_457 })[0]?.hint).toBe('120.56 KiB')
    expect(limitEntries({ maxRequestBytes: 600 })[0]?.hint).toBeNull()
  })

  it("shows a bound known from one side only with its relation, never as the target's bound", () => {
    expect(limitEntries({ maxResponseBytes: '>=10485749', oldestStateBlock: '<=120' })).toEqual([
      { name: 'maxResponseBytes', relation: '≥', value: '10485749', hint: '≥10 MiB' },
      { name: 'oldestStateBlock', relation: '≤', value: '120', hint: null },
    ])
  })
})
