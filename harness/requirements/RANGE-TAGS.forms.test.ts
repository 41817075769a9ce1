import { describe, expect, it } from 'vitest'
import { BOUND_FORMS, rangeFormCases } from './RANGE-TAGS.forms.js'

describe('rangeFormCases()', () => {
  it('pairs every start form with every end form that makes a valid range, but hex with hex (the equivalent itself)', () => {
    const names = rangeFormCases(40, 1000).map((c) => c.name)
    for (const start of BOUND_FORMS) {
      for (const end of BOUND_FORMS) {
        const invalid = (start === 'latest' || start === 'pending') && end === 'earliest'
        expect(names.includes(`${start}-${end}`), `${start}-${end}`).toBe(!invalid && !(start === 'hex' && end === 'hex'))
      }
    }
  })
  it('resolves each bound to the block it names, and writes the equivalent as two hex quantities', () => {
    const byName = new Map(rangeFormCases(40, 1000).map((c) => [c.name, c]))
    expect(byName.get('integer-latest')).toMatchObject({
      start: { param: 38, block: 38 },
      end: { param: 'latest', block: 40 },
      equivalent: ['0x26', '0x28'],
      followsHead: true,
    })
    expect(byName.get('latest-hex')).toMatchObject({ start: { block: 40 }, end: { param: '0x28' }, equivalent: ['0x28', '0x28'] })
    expect(byName.get('earliest-integer')).toMatchObject({ start: { param: 'earliest' }, end: { param: 12 }, equivalent: ['0x0', '0xc'], followsHead: false })
    expect(byName.get('hex-integer')).toMatchObject({ start: { param: '0x26' }, end: { param: 39 }, followsHead: false })
  })
  it('chooses integers of at least 10 where the head allows (decimal and hex digits then name different blocks)', () => {
    for (const c of rangeFormCases(40, 1000)) {
      for (const bound of [c.start, c.end]) if (bound.form === 'integer' && bound.block !== 0) expect(bound.block).toBeGreaterThanOrEqual(10)
    }
  })
  it('keeps every case within the limit and the chain, even on a chain of one block or a limit of one', () => {
    for (const [head, limit] of [
      [0, 1000],
      [1, 1000],
      [5000, 1000],
      [40, 1],
      [40, 3],
    ] as const) {
      for (const c of rangeFormCases(head, limit)) {
        expect(c.start.block).toBeLessThanOrEqual(c.end.block)
        expect(c.end.block).toBeLessThanOrEqual(head)
        expect(c.end.block - c.start.block + 1).toBeLessThanOrEqual(limit)
      }
    }
    expect(rangeFormCases(5000, 1000).some((c) => c.name === 'earliest-latest')).toBe(false)
  })
})
