import { describe, expect, it } from 'vitest'
import { checkGeneratedAnswer, checkLiveAnswer, checkValidAnswer } from './RPC-STANDARD.js'
import { recorded, unanswered, withError, withResult } from './fixtures/recorded.js'
import type { Validate } from '../spec/validationIssue.js'

/** The part of the block schema these tests lean on. */
const blockSchema: Validate = (value) =>
  value === null || (typeof value === 'object' && typeof (value as { hash?: unknown }).hash === 'string')
    ? []
    : [{ pointer: '', message: 'must be a block or null' }]

describe('RPC-STANDARD judges, on answers of the reference', () => {
  it('pass the reference: block 1 by number', () => {
    expect(checkValidAnswer(recorded('block1'), blockSchema, 'eth_getBlockByNumber')).toEqual([])
    expect(checkLiveAnswer(recorded('block1'), blockSchema, 'eth_getBlockByNumber')).toEqual([])
    expect(checkGeneratedAnswer(recorded('block1'), blockSchema, 'eth_getBlockByNumber')).toEqual([])
  })

  it('wrong-value: null for a block of the chain (valid against the schema, but not there)', () => {
    expect(checkLiveAnswer(withResult('block1', null), blockSchema, 'eth_getBlockByNumber')[0]).toMatchObject({
      kind: 'wrong-value',
      pointer: '/result',
      got: null,
    })
    expect(checkValidAnswer(withResult('block1', null), blockSchema, 'eth_getBlockByNumber')).toEqual([])
  })

  it('schema-violation, unexpected-error, no-answer', () => {
    expect(checkValidAnswer(withResult('block1', 7), blockSchema, 'b').map((f) => f.kind)).toEqual(['schema-violation'])
    expect(checkValidAnswer(withError('block1', -32000), blockSchema, 'b').map((f) => f.kind)).toEqual(['unexpected-error'])
    expect(checkLiveAnswer(unanswered('block1'), blockSchema, 'b').map((f) => f.kind)).toEqual(['no-answer', 'no-answer'])
  })

  it('generated params may be refused with a well-formed error, never a malformed one', () => {
    expect(checkGeneratedAnswer(withError('block1', -32602), blockSchema, 'b')).toEqual([])
    expect(checkGeneratedAnswer(withError('block1', 'bad'), blockSchema, 'b').map((f) => f.kind)).toEqual(['envelope'])
  })
})
