import { describe, expect, it } from 'vitest'
import { headOf } from './headOf.js'
import { recorded, recordedResult, unanswered, withError, withResult } from '../requirements/fixtures/recorded.js'

describe('headOf, on answers of the reference', () => {
  it('reads the head the reference answered', () => {
    expect(headOf(recorded('blockNumber'))).toEqual({ head: Number(BigInt(recordedResult<string>('blockNumber'))) })
  })
  it('is a finding with the exchange otherwise: no-answer, unexpected-error, schema-violation', () => {
    for (const [exchange, kind] of [
      [unanswered('blockNumber'), 'no-answer'],
      [withError('blockNumber', -32000), 'unexpected-error'],
      [withResult('blockNumber', 54), 'schema-violation'],
      [withResult('blockNumber', `0x${'f'.repeat(64)}`), 'schema-violation'],
    ] as const) {
      const read = headOf(exchange)
      expect('finding' in read && read.finding.kind).toBe(kind)
      expect('finding' in read && read.finding.exchange).toBe(exchange)
    }
  })
})
