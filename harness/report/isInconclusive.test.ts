import { describe, expect, it } from 'vitest'
import { isInconclusive } from './isInconclusive.js'
import { sampleReport } from './sampleReport.js'

describe('isInconclusive', () => {
  const [passed, , , , , , skipped, flagged] = sampleReport().results

  it('knows a flagged skip, and a skip whose message says inconclusive', () => {
    expect(isInconclusive(flagged!)).toBe(true)
    expect(isInconclusive({ ...skipped!, message: 'inconclusive: the head moved twice' })).toBe(true)
  })

  it('is false for a plain skip and for anything not skipped', () => {
    expect(isInconclusive(skipped!)).toBe(false)
    expect(isInconclusive({ ...passed!, inconclusive: true })).toBe(false)
  })
})
