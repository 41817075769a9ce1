import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { Exchange } from '../transport/exchange.js'
import { boundEvidence, boundExchange, boundReportEvidence, boundText, boundValue, EVIDENCE_BYTES, type TruncatedValue } from './boundEvidence.js'

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
      id: `c${index}`,
      evidence: { request: { method: 'eth_getBlockRange' }, response: { result: 'x'.repeat(5_000_000) } },
      reproduce: `curl ${'y'.repeat(100_000)}`,
    }))
    const bounded = boundReportEvidence(results)
    expect(Buffer.byteLength(JSON.stringify(bounded, null, 2))).toBeLessThan(10 * 1024 * 1024)
    expect(bounded.every((result) => (result.evidence.response as { truncated?: boolean }).truncated === true)).toBe(true)
  })
})

describe('boundExchange', () => {
  const exchange = (response: unknown): Exchange => ({
    transport: 'http',
    protocol: 'rest',
    url: 'http://node/api',
    request: { method: 'GET', url: 'http://node/api/portfolio', headers: {} },
    response,
    responseBytes: Buffer.byteLength(JSON.stringify(response)),
    startedAt: 0,
    durationMs: 1,
  })

  it('keeps an exchange whose body fits as it is', () => {
    const small = exchange({ total: '1' })
    expect(boundExchange(small)).toBe(small)
  })
  it('keeps of a body of 100,000 keys its first 64 KiB and its size, once however many findings cite it', () => {
    const keys: Record<string, number> = {}
    for (let index = 0; index < 100_000; index++) keys[`k${index}`] = index
    const huge = exchange(keys)
    const kept = boundExchange(huge)
    expect(kept).not.toBe(huge)
    expect(kept.request).toBe(huge.request)
    expect(kept.response).toMatchObject({ truncated: true, originalBytes: huge.responseBytes })
    expect(Buffer.byteLength(JSON.stringify(kept))).toBeLessThan(2 * EVIDENCE_BYTES)
    expect(boundExchange(huge)).toBe(kept)
    expect(boundExchange(kept)).toBe(kept)
  })
  it('bounds a body sent as a look-alike of a truncated value like any other body', () => {
    const lookAlike = exchange({ truncated: true, originalBytes: 1, head: 'x'.repeat(200_000) })
    expect(boundExchange(lookAlike).response).toMatchObject({ truncated: true, originalBytes: lookAlike.responseBytes })
  })
  it('cuts the head of a bounded value again rather than its stand-in as JSON text', () => {
    const once = boundValue('ab'.repeat(100_000), EVIDENCE_BYTES) as TruncatedValue
    const twice = boundValue(once, 1000) as TruncatedValue
    expect(twice.originalBytes).toBe(once.originalBytes)
    expect(twice.head).toBe(once.head.slice(0, 1000))
    expect(boundValue(once, EVIDENCE_BYTES)).toBe(once)
    const evidence = boundEvidence({ request: { method: 'GET' }, response: once })
    expect((evidence.response as TruncatedValue).head.startsWith('"abab')).toBe(true)
  })
})

describe('boundValue writes only the head of a large value', () => {
  it('keeps any JSON value that fits exactly as it is, and cuts one that does not to the text JSON.stringify writes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 400 }), (value, maxBytes) => {
        const text = JSON.stringify(value)
        const bounded = boundValue(value, maxBytes)
        if (Buffer.byteLength(text) <= maxBytes) {
          expect(bounded).toBe(value)
          return
        }
        const cut = bounded as TruncatedValue
        expect(cut.originalBytes).toBe(Buffer.byteLength(text))
        expect(text.startsWith(cut.head)).toBe(true)
        expect(Buffer.byteLength(cut.head)).toBeLessThanOrEqual(maxBytes)
        expect(cut.head.length).toBeGreaterThanOrEqual(Math.min(text.length, maxBytes) - 4)
      }),
      { numRuns: 300 },
    )
  })
  it('takes the size of a body as received when it is known, without writing the whole text', () => {
    const answer = { jsonrpc: '2.0', id: 1, result: `0x${'a'.repeat(1_000_000)}` }
    expect(boundValue(answer, 100, 1_000_040)).toEqual({
      truncated: true,
      originalBytes: 1_000_040,
      head: `{"jsonrpc":"2.0","id":1,"result":"0x${'a'.repeat(64)}`,
    })
  })
})
