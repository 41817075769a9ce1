import { describe, expect, it } from 'vitest'
import { checkValidAnswer } from './INFO-SHAPE.js'
import { recorded, recordedResult, withResult } from './fixtures/recorded.js'
import type { Validate } from '../spec/validationIssue.js'

/** The part of the rollup_getInfo schema these tests lean on: the counters are plain JSON integers. */
const counters: Validate = (value) => {
  const context = (value as { rollupContext?: Record<string, unknown> }).rollupContext ?? {}
  return Object.entries(context)
    .filter(([, v]) => !Number.isInteger(v))
    .map(([k]) => ({ pointer: `/rollupContext/${k}`, message: 'must be integer' }))
}

describe('INFO-SHAPE / GAS-SHAPE judge, on answers of the reference', () => {
  it('passes the reference', () => {
    expect(checkValidAnswer(recorded('info'), counters, 'rollup_getInfo')).toEqual([])
  })
  it('schema-violation: a counter as a hex string, pointing at it', () => {
    const info = recordedResult<{ rollupContext: Record<string, unknown> }>('info')
    info.rollupContext.index = '0x36'
    expect(checkValidAnswer(withResult('info', info), counters, 'rollup_getInfo').map((f) => [f.kind, f.pointer])).toEqual([
      ['schema-violation', '/result/rollupContext/index'],
    ])
  })
})
