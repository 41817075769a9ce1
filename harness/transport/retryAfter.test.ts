import { describe, expect, it } from 'vitest'
import { retryAfterMs } from './retryAfter.js'

describe('retryAfterMs', () => {
  it('reads delay-seconds', () => {
    expect(retryAfterMs('2')).toBe(2000)
    expect(retryAfterMs(' 0 ')).toBe(0)
    expect(retryAfterMs('1.5')).toBe(1500)
  })

  it('reads an HTTP-date relative to now, never negative', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT')
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:03 GMT', now)).toBe(3000)
    expect(retryAfterMs('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0)
  })

  it('ignores what it cannot read', () => {
    expect(retryAfterMs(undefined)).toBeUndefined()
    expect(retryAfterMs('')).toBeUndefined()
    expect(retryAfterMs('soon')).toBeUndefined()
    expect(retryAfterMs('-5')).toBeUndefined()
  })
})
