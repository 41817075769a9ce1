import { describe, expect, it } from 'vitest'
import { checkRangeShape } from './RANGE-SHAPE.js'
import { recorded, recordedResult, withResult } from './fixtures/recorded.js'
import type { Validate } from '../spec/validationIssue.js'

/** The part of the rangeBlock schema these tests lean on: hex-encoded number and hash. */
const validate: Validate = (value) => {
  const block = value as Record<string, unknown>
  const issues = []
  if (typeof block?.number !== 'string' || !/^0x([1-9a-f][0-9a-f]*|0)$/.test(block.number))
    issues.push({ pointer: '/number', message: 'must be a hex quantity' })
  if (typeof block?.hash !== 'string' || !/^0x[0-9a-f]{64}$/.test(block.hash)) issues.push({ pointer: '/hash', message: 'must be 32 bytes of hex' })
  return issues
}

describe('RANGE-SHAPE judge, on answers of the reference', () => {
  it('passes the reference', () => {
    expect(checkRangeShape(recorded('range1to2'), recordedResult('range1to2'), validate)).toEqual([])
  })

  it('schema-violation: a decimal number, pointing into the block', () => {
    const blocks = recordedResult<Array<Record<string, unknown>>>('range1to2')
    blocks[1]!.number = 2
    const findings = checkRangeShape(withResult('range1to2', blocks), blocks, validate)
    expect(findings.map((f) => [f.kind, f.pointer])).toEqual([['schema-violation', '/result/1/number']])
  })

  it('stops at five findings, however broken the answer', () => {
    const junk = Array.from({ length: 50 }, () => ({}))
    expect(checkRangeShape(withResult('range1to2', junk), junk, validate)).toHaveLength(5)
  })
})
