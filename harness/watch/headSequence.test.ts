import { describe, expect, it } from 'vitest'
import { HEADS_REMEMBERED, headSequence, judgeHead } from './headSequence.js'

const hash = (n: number, fork = 0): string => `0x${(n * 16 + fork).toString(16).padStart(64, '0')}`
const head = (n: number, fork = 0, parentFork = fork): Record<string, string> => ({
  number: `0x${n.toString(16)}`,
  hash: hash(n, fork),
  parentHash: hash(n - 1, parentFork),
})

describe('judgeHead', () => {
  it('finds nothing in a chain announced block after block', () => {
    const sequence = headSequence()
    for (let n = 1; n < 200; n++) expect(judgeHead(sequence, head(n))).toEqual([])
    expect(sequence.seen.size).toBe(HEADS_REMEMBERED)
  })

  it('names each fault with its requirement', () => {
    const sequence = headSequence()
    judgeHead(sequence, head(5))
    expect(judgeHead(sequence, head(8))).toMatchObject([{ rule: 'newheads.gap', requirement: 'RPC-SUBSCRIBE', missed: 2 }])
    expect(judgeHead(sequence, head(8))).toMatchObject([{ rule: 'newheads.duplicate', requirement: 'RPC-SUBSCRIBE' }])
    expect(judgeHead(sequence, head(6, 1))).toMatchObject([{ rule: 'newheads.back', requirement: 'RPC-STANDARD' }])
    expect(judgeHead(sequence, head(7, 2, 3))).toMatchObject([{ rule: 'newheads.unlinked', requirement: 'CHAIN-INTEGRITY' }])
  })

  it('is total over anything a node may send', () => {
    const sequence = headSequence()
    for (const value of [
      null,
      1,
      'x',
      [],
      {},
      { number: '0x1', hash: 'nope', parentHash: hash(0) },
      { number: '0x' + 'f'.repeat(40), hash: hash(1), parentHash: hash(0) },
    ])
      expect(judgeHead(sequence, value)).toMatchObject([{ rule: 'newheads.malformed', requirement: 'RPC-SUBSCRIBE' }])
  })
})
