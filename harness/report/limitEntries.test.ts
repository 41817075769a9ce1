import { describe, expect, it } from 'vitest'
import { limitEntries } from './limitEntries.js'

describe('limitEntries', () => {
  it('orders the measured limits, spells null as none and byte counts as sizes', () => {
    expect(
      limitEntries({ rateLimit: null, maxWsMessageBytes: '>=16777216', zeta: true, maxRequestBytes: 5_242_880, maxBatchItems: 1000, maxBlockRange: '>=41' }),
    ).toEqual([
      { name: 'maxBlockRange', value: '>=41', hint: null },
      { name: 'maxBatchItems', value: '1000', hint: null },
      { name: 'maxRequestBytes', value: '5242880', hint: '5 MiB' },
      { name: 'maxWsMessageBytes', value: '>=16777216', hint: '>=16 MiB' },
      { name: 'rateLimit', value: 'none', hint: null },
      { name: 'zeta', value: 'true', hint: null },
    ])
    expect(limitEntries({ maxRequestBytes: 123_457 })[0]?.hint).toBe('120.56 KiB')
    expect(limitEntries({ maxRequestBytes: 600 })[0]?.hint).toBeNull()
  })
})
