import { describe, expect, it } from 'vitest'
import { decodeBlockRecord, encodeBlockRecord, type RecordContext, type UsualHeaderFields } from './blockRecordCodec.js'
import type { StoredBlock } from './storedBlock.js'

const bytes = (length: number, fill: number): Uint8Array => new Uint8Array(length).fill(fill)

const USUAL: UsualHeaderFields = { uncleHash: bytes(32, 1), coinbase: bytes(20, 2), extraData: bytes(16, 3), mixHash: bytes(32, 0), nonce: bytes(8, 0) }

function block(overrides: Partial<StoredBlock['header']> = {}): StoredBlock {
  return {
    header: {
      parentHash: bytes(32, 9),
      uncleHash: USUAL.uncleHash,
      coinbase: USUAL.coinbase,
      stateRoot: bytes(32, 5),
      transactionsRoot: bytes(32, 6),
      receiptsRoot: bytes(32, 7),
      logsBloom: bytes(256, 0),
      difficulty: 1n,
      number: 7n,
      gasLimit: 15_000_000n,
      gasUsed: 21_000n,
      timestamp: 1_700_000_000n,
      extraData: USUAL.extraData,
      mixHash: USUAL.mixHash,
      nonce: USUAL.nonce,
      ...overrides,
    },
    hash: bytes(32, 4),
    size: 620,
    transactions: [],
  }
}

const context = (stored: StoredBlock, previousHash: Uint8Array | undefined): RecordContext => ({
  hash: stored.hash,
  stateRoot: stored.header.stateRoot,
  previousHash,
})

describe('block records', () => {
  it('leave out what the store keeps and the usual header fields, and give them back when decoded', () => {
    const stored = block()
    const record = encodeBlockRecord(stored, context(stored, bytes(32, 9)), USUAL)
    expect(decodeBlockRecord(record, context(stored, bytes(32, 9)), USUAL)).toEqual(stored)
    // The parent hash and the five usual fields are not stored (the hash and state root never are): 140 bytes here.
    const everything = encodeBlockRecord(stored, context(stored, undefined), {
      uncleHash: bytes(32, 0xee),
      coinbase: bytes(20, 0xee),
      extraData: bytes(1, 0xee),
      mixHash: bytes(32, 0xee),
      nonce: bytes(8, 0xee),
    })
    expect(everything.length - record.length).toBeGreaterThanOrEqual(140)
  })

  it('keep header fields that differ from the usual ones, and a parent hash that is not the previous block hash', () => {
    const stored = block({
      uncleHash: bytes(32, 0xaa),
      coinbase: bytes(20, 0xbb),
      extraData: new Uint8Array(0),
      mixHash: bytes(32, 0xcc),
      nonce: bytes(8, 0xdd),
      parentHash: bytes(32, 0x11),
    })
    const record = encodeBlockRecord(stored, context(stored, bytes(32, 9)), USUAL)
    expect(decodeBlockRecord(record, context(stored, bytes(32, 9)), USUAL)).toEqual(stored)
  })

  it('keep the parent hash of genesis, which has no previous block', () => {
    const genesis = block({ number: 0n, parentHash: bytes(32, 0) })
    const record = encodeBlockRecord(genesis, context(genesis, undefined), USUAL)
    expect(decodeBlockRecord(record, context(genesis, undefined), USUAL)).toEqual(genesis)
  })
})
