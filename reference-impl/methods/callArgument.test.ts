import { describe, expect, it } from 'vitest'
import { callArgument } from './callArgument.js'

const refusal = (value: unknown): string => {
  try {
    callArgument(value, 0)
  } catch (error) {
    return (error as Error).message
  }
  return 'accepted'
}

describe('callArgument', () => {
  it('decodes the fields a call uses', () => {
    expect(callArgument({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1', data: '0x00' }, 0)).toMatchObject({ value: 1n })
  })
  it('decodes the fee-market fields and the nonce strictly though a pre-London node does not use them', () => {
    expect(refusal({ maxPriorityFeePerGas: false })).toBe('invalid argument 0: json: cannot unmarshal bool into Go value of type hexutil.Big')
    expect(refusal({ maxFeePerGas: '0x00' })).toBe('invalid argument 0: hex number with leading zero digits')
    expect(refusal({ nonce: '0x1ffffffffffffffff' })).toBe('invalid argument 0: hex number > 64 bits')
    expect(refusal({ maxFeePerGas: '0x10', nonce: '0x1' })).toBe('accepted')
  })
  it('ignores members it does not know, as JSON-RPC servers do', () => {
    expect(refusal({ l2confUnexpected: 1 })).toBe('accepted')
  })
})
