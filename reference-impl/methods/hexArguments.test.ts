import { describe, expect, it } from 'vitest'
import { RpcError } from '../rpc/rpcError.js'
import { blockNumberArgument, blockNumberOrHashArgument } from './blockArguments.js'
import { addressArgument, booleanArgument, dataArgument, hashArgument, quantityArgument, storageSlotArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'

// Strict argument decoding with geth's messages (-32602 "invalid argument N: ...").

const failure = (run: () => unknown): { code: number; message: string } | undefined => {
  try {
    run()
    return undefined
  } catch (error) {
    return error instanceof RpcError ? { code: error.code, message: error.message } : { code: 0, message: String(error) }
  }
}

describe('argument decoders', () => {
  it('quantities: 0x prefix, no leading zeros, bounded', () => {
    expect(quantityArgument('0x0', 0)).toBe(0n)
    expect(quantityArgument('0xff', 0)).toBe(255n)
    expect(failure(() => quantityArgument('0x00', 1))).toEqual({ code: -32602, message: 'invalid argument 1: hex number with leading zero digits' })
    expect(failure(() => quantityArgument('ff', 0))?.message).toBe('invalid argument 0: hex string without 0x prefix')
    expect(failure(() => quantityArgument('0x', 0))?.message).toBe('invalid argument 0: hex string "0x"')
    expect(failure(() => quantityArgument('0xg', 0))?.message).toBe('invalid argument 0: invalid hex string')
    expect(failure(() => quantityArgument(`0x1${'0'.repeat(64)}`, 0))?.message).toBe('invalid argument 0: hex number > 256 bits')
    expect(failure(() => quantityArgument(5, 2))?.message).toBe('invalid argument 2: json: cannot unmarshal number into Go value of type hexutil.Big')
  })

  it('data, addresses, hashes, booleans, storage slots', () => {
    expect(dataArgument('0x', 0)).toEqual(new Uint8Array(0))
    expect(failure(() => dataArgument('0xabc', 0))?.message).toBe('invalid argument 0: hex string of odd length')
    expect(addressArgument('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 0)).toHaveLength(20)
    expect(failure(() => addressArgument('0x1234', 0))?.message).toBe('invalid argument 0: hex string has length 4, want 40 for common.Address')
    expect(failure(() => hashArgument(`0x${'a'.repeat(62)}`, 1))?.message).toBe('invalid argument 1: hex string has length 62, want 64 for common.Hash')
    expect(failure(() => booleanArgument('true', 2))?.message).toBe('invalid argument 2: json: cannot unmarshal string into Go value of type bool')
    expect(storageSlotArgument('0x1', 1)).toEqual(Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 1 : 0)))
  })

  it('block numbers and tags; block hashes and EIP-1898 objects', () => {
    expect(blockNumberArgument('latest', 0)).toEqual({ tag: 'latest' })
    expect(blockNumberArgument('0x10', 0)).toEqual({ number: 16n })
    expect(failure(() => blockNumberArgument('0x8000000000000000', 0))?.message).toBe('invalid argument 0: block number larger than int64')
    expect(failure(() => blockNumberArgument(16, 0))?.message).toBe('invalid argument 0: hex string without 0x prefix')
    expect(blockNumberOrHashArgument({ blockNumber: '0x1' }, 1)).toEqual({ number: 1n })
    expect(blockNumberOrHashArgument(`0x${'ab'.repeat(32)}`, 1)).toMatchObject({ requireCanonical: false })
    expect(failure(() => blockNumberOrHashArgument({}, 1))?.code).toBe(-32602)
  })

  it('arity: non-array, too many, missing required', () => {
    expect(positionalParams(undefined, 0)).toEqual([])
    expect(positionalParams(['a', null], 1, 2)).toEqual(['a', undefined])
    expect(failure(() => positionalParams({ a: 1 }, 0))?.message).toBe('non-array args')
    expect(failure(() => positionalParams([1, 2], 1))?.message).toBe('too many arguments, want at most 1')
    expect(failure(() => positionalParams([null], 1))?.message).toBe('missing value for required argument 0')
  })
})
