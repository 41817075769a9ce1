import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { judgeNothingChanged, type ScannedBlock, type SenderState } from './judgeNothingChanged.js'

const SENDER = '0x' + 'ab'.repeat(20)
const OTHER = '0x' + 'cd'.repeat(20)
const exchange: Exchange = { transport: 'http', url: 'http://target.invalid/', request: {}, response: {}, startedAt: 0, durationMs: 0 }
const state = (nonce: number, head: number, pending = nonce, balance = '0x64'): SenderState => ({
  nonce: `0x${nonce.toString(16)}`,
  pending: `0x${pending.toString(16)}`,
  balance,
  head: BigInt(head),
})
const block = (number: number, ...transactions: unknown[]): ScannedBlock => ({ number: BigInt(number), transactions, exchange })
const MARKER = '0x6c32636f6e660001'
const probeTx = { hash: '0x01', from: SENDER.toUpperCase().replace('0X', '0x'), to: SENDER, value: '0x0', input: MARKER.toUpperCase().replace('0X', '0x') }
/** The same shape without the marker: someone else's zero-value self-transfer (a common way to cancel a transaction). */
const lookalike = { ...probeTx, hash: '0x04', input: '0x' }
const transfer = { hash: '0x02', from: SENDER, to: OTHER, value: '0x1', input: '0x' }

describe('judgeNothingChanged', () => {
  it('passes a still head where nothing changed', () => {
    expect(judgeNothingChanged(SENDER, MARKER, state(3, 40), state(3, 40), [], true)).toEqual({ findings: [], inconclusive: null })
  })

  it('fails any change of the nonces or the balance on a still head', () => {
    expect(judgeNothingChanged(SENDER, MARKER, state(3, 40), state(3, 40, 4), [], true).findings[0]?.message).toMatch(
      /pending nonce went from "0x3" to "0x4" while the head stayed at block 40/,
    )
    expect(judgeNothingChanged(SENDER, MARKER, state(3, 40), state(3, 40, 3, '0x63'), [], true).findings[0]?.message).toMatch(/balance went from/)
  })

  it('fails the probe mined in a block made meanwhile (a node that signed for its own key)', () => {
    const verdict = judgeNothingChanged(SENDER, MARKER, state(3, 40), state(4, 41), [block(41, probeTx)], true)
    expect(verdict.findings[0]).toMatchObject({ exchange })
    expect(verdict.findings[0]?.message).toMatch(
      /block 41 carries the blocked call's probe from 0xabab.*data 0x6c32636f6e660001\): the node signed and mined it/,
    )
  })

  it("counts a transaction of the probe's shape without its marker as someone else's", () => {
    expect(judgeNothingChanged(SENDER, MARKER, state(3, 40), state(4, 41), [block(41, lookalike)], true)).toEqual({ findings: [], inconclusive: null })
  })

  it("on a moving head, lets the sender's own other transactions explain its nonce, and nothing else", () => {
    expect(
      judgeNothingChanged(SENDER, MARKER, state(3, 40), state(5, 43), [block(41, transfer), block(42), block(43, { ...transfer, hash: '0x03' })], true),
    ).toEqual({ findings: [], inconclusive: null })
    const unexplained = judgeNothingChanged(SENDER, MARKER, state(3, 40), state(5, 43), [block(41, transfer), block(42), block(43)], true)
    expect(unexplained.findings[0]?.message).toMatch(/nonce went from "0x3" to "0x5" while blocks 41 to 43 carry only 1 other transaction\(s\) from it/)
    // The balance moves with a live account's own traffic: not judged on a moving head.
    expect(judgeNothingChanged(SENDER, MARKER, state(3, 40), state(4, 41, 4, '0x1'), [block(41, transfer)], true).findings).toEqual([])
  })

  it('is inconclusive, never a pass, where the call cannot be told apart from other traffic', () => {
    expect(judgeNothingChanged(SENDER, MARKER, state(3, 40), state(5, 90), [block(41, transfer)], false).inconclusive).toMatch(
      /moved further than the blocks scanned/,
    )
    expect(judgeNothingChanged(SENDER, MARKER, state(3, 40, 3), state(3, 41, 4), [block(41)], true).inconclusive).toMatch(/a transaction of .* is waiting/)
    expect(judgeNothingChanged(SENDER, MARKER, { ...state(3, 40), nonce: null }, state(3, 41), [block(41)], true).inconclusive).toMatch(
      /not both answered as quantities/,
    )
  })

  it('is total: never throws, whatever the states and blocks hold', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.array(fc.jsonValue(), { maxLength: 5 }), fc.boolean(), (a, b, txs, all) => {
        const before = { nonce: a, pending: b, balance: a, head: 1n }
        const verdict = judgeNothingChanged(SENDER, MARKER, before, { ...before, nonce: b, head: 2n }, [{ number: 2n, transactions: txs, exchange }], all)
        expect(Array.isArray(verdict.findings)).toBe(true)
      }),
      { seed: 7 },
    )
  })
})
