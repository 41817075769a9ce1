import { describe, expect, it } from 'vitest'
import { MAX_EVIDENCE_CHARS, truncateEvidence } from './truncateEvidence.js'

describe('truncateEvidence', () => {
  it('keeps small answers whole and bounds large ones, naming their size', () => {
    expect(truncateEvidence({ a: 1 })).toEqual({ a: 1 })
    const big = 'x'.repeat(MAX_EVIDENCE_CHARS * 2)
    const kept = truncateEvidence(big) as { truncated: string; originalChars: number }
    expect(kept.originalChars).toBe(big.length + 2)
    expect(kept.truncated.length).toBeLessThanOrEqual(MAX_EVIDENCE_CHARS + 1)
  })
})
