import { describe, expect, it } from 'vitest'
import { checkIsError, checkNotEvaluated, senderOf, valueFree } from './BLOCKED-SENDTX.js'
import { recorded, withError, withResult } from './fixtures/recorded.js'

const SENDER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'

describe('BLOCKED-SENDTX judges, on answers of the reference', () => {
  it('the probe is value-free: zero value, to its own sender, gas price zero', () => {
    const params = valueFree([{ from: SENDER, to: '0x0000000000000000000000000000000000000001', value: '0x1' }])
    expect(params).toEqual([{ from: SENDER, to: SENDER, value: '0x0', gas: '0x5208', gasPrice: '0x0' }])
    expect(senderOf(params)).toBe(SENDER)
    expect(valueFree([])).toEqual([])
  })

  it("passes the reference: the blocked call is an error (what changed is judgeNothingChanged's, tested beside it)", () => {
    expect(checkIsError(recorded('accounts'), 'eth_getAccounts over HTTP')).toEqual([])
    expect(checkNotEvaluated(recorded('accounts'), 'eth_getAccounts over HTTP')).toEqual([])
  })

  it('unexpected-result and not-blocked: the method answered, or weighed the transaction', () => {
    expect(checkIsError(withResult('accounts', []), 'eth_getAccounts').map((f) => f.kind)).toEqual(['unexpected-result'])
    expect(checkNotEvaluated(withError('accounts', -32000, 'transaction underpriced'), 'eth_sendTransaction').map((f) => f.kind)).toEqual(['not-blocked'])
  })
})
