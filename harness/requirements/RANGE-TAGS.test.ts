import { describe, expect, it } from 'vitest'
import { checkTagRange, tagCases } from './RANGE-TAGS.js'
import { recorded, recordedResult, withResult } from './fixtures/recorded.js'

const byParams = (head: number, from: string, to: string) => tagCases(head).find((c) => c.params[0] === from && c.params[1] === to)!

describe('RANGE-TAGS judge, on answers of the reference', () => {
  it('passes the reference: earliest..earliest is block 0', () => {
    const blocks = recordedResult<unknown[]>('rangeEarliest')
    expect(checkTagRange(recorded('rangeEarliest'), blocks, byParams(54, 'earliest', 'earliest'), { from: 54n, to: 54n })).toEqual([])
  })

  it('passes blocks 1..2 for a case whose head window allows them', () => {
    const latest = byParams(2, 'latest', 'latest')
    const blocks = recordedResult<unknown[]>('range1to2')
    expect(checkTagRange(recorded('range1to2'), blocks, { ...latest, first: () => [1, 1] }, { from: 2n, to: 2n })).toEqual([])
  })

  it('wrong-value: "latest" answered with an old block, with expected and got', () => {
    const blocks = recordedResult<unknown[]>('rangeEarliest')
    const findings = checkTagRange(withResult('rangeEarliest', blocks), blocks, byParams(54, 'latest', 'latest'), { from: 54n, to: 55n })
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({ kind: 'wrong-value', expected: { first: [54, 55], last: [54, 55] }, got: { first: 0, last: 0 } })
  })

  it('wrong-value: a gap between the ends, pointing at it', () => {
    const [one, two] = recordedResult<Array<Record<string, unknown>>>('range1to2')
    const gapped = [one, { ...two, number: '0x3' }]
    const findings = checkTagRange(
      withResult('range1to2', gapped),
      gapped,
      { params: ['0x1', 'latest'], first: () => [1, 1], last: () => [3, 3] },
      { from: 3n, to: 3n },
    )
    expect(findings.map((f) => [f.kind, f.pointer])).toEqual([['wrong-value', '/result/1/number']])
  })

  it('fails a lone pending block without a number, as range.tags.shape does: inside a range every block is numbered', () => {
    const pending = [{ ...recordedResult<Array<Record<string, unknown>>>('range1to2')[0], number: null }]
    expect(checkTagRange(withResult('range1to2', pending), pending, byParams(54, 'pending', 'pending'), { from: 54n, to: 54n })).toMatchObject([
      { kind: 'wrong-value' },
    ])
  })
})
