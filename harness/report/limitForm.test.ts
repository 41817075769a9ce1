import { describe, expect, it } from 'vitest'
import { limitForm, limitForms } from './limitForm.js'

describe('limitForm', () => {
  it('reads exact values, lower and upper bounds, and nothing else', () => {
    expect([1000, '>=10485749', '<=120', 'none seen', null, true, '>=x'].map(limitForm)).toEqual(['exact', 'at-least', 'at-most', null, null, null, null])
  })

  it("names the form of each bound of a report's limits, none when no value is a bound", () => {
    expect(limitForms({ maxBatchItems: 1000, maxResponseBytes: '>=10485749', rateLimit: null })).toEqual({
      maxBatchItems: 'exact',
      maxResponseBytes: 'at-least',
    })
    expect(limitForms({ rateLimit: 'HTTP 429 after 80 requests' })).toBeUndefined()
  })
})
