import { describe, expect, it } from 'vitest'
import { boundEvidence, boundReportEvidence, boundText, boundValue, EVIDENCE_BYTES } from './boundEvidence.js'

describe('boundEvidence', () => {
  it('keeps evidence that fits as it is', () => {
    const evidence = { request: { method: 'eth_chainId' }, response: { result: '0x1' } }
    expect(boundEvidence(evidence)).toEqual(evidence)
  })
  it('cuts a huge response to 64 KiB in all and notes its original size', () => {
    const huge = { result: 'ab'.repeat(1_000_000) }
    const bounded = boundEvidence({ request: { method: 'eth_getBlockRange' }, response: huge })
    expect(Buffer.byteLength(JSON.stringify(bounded))).toBeLessThan(EVIDENCE_BYTES + 200)
    expect(bounded.response).toMatchObject({ truncated: true, originalBytes: JSON.stringify(huge).length })
    expect((bounded.response as { head: string }).head.startsWith('{"result":"abab')).toBe(true)
  })
  it('never splits a multi-byte character', () => {
    const value = boundValue('é'.repeat(50_000), 1001) as { head: string }
    expect(Buffer.byteLength(value.head)).toBeLessThanOrEqual(1001)
    expect(value.head).not.toContain('\uFFFD')
  })
  it('cuts text and says how long it was', () => {
    expect(boundText('x'.repeat(100), 10)).toBe('xxxxxxxxxx… [truncated: 100 bytes in all]')
    expect(boundText('short', 10)).toBe('short')
  })
})

describe('boundReportEvidence', () => {
  it('keeps a report of 144 failed checks with 5 MB answers under 10 MB', () => {
    const results = Array.from({ length: 144 }, (_, index) => ({
      id: `c${index}`, evidence: { request: { method: 'eth_getBlockRange' }, response: { result: 'x'.repeat(5_000_000) } }, reproduce: `curl ${'y'.repeat(100_000)}`,
    }))
    const bounded = boundReportEvidence(results)
    expect(Buffer.byteLength(JSON.stringify(bounded, null, 2))).toBeLessThan(10 * 1024 * 1024)
    expect(bounded.every((result) => (result.evidence.response as { truncated?: boolean }).truncated === true)).toBe(true)
  })
})
