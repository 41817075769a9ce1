import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { checkTransactionPlacement, type Placement } from './RPC-STANDARD.placement.js'

const exchange: Exchange = { transport: 'http', url: 'http://target.invalid/', request: {}, startedAt: 0, durationMs: 0 }
const HASH = `0x${'ab'.repeat(32)}`
const BLOCK = `0x${'cd'.repeat(32)}`
const FROM = `0x${'1a'.repeat(20)}`
const TO = `0x${'2b'.repeat(20)}`
const placement: Placement = { block: { number: '0x7', hash: BLOCK }, index: 1, inBlock: { hash: HASH, from: FROM, to: TO } }
const tx = { hash: HASH, blockHash: BLOCK, blockNumber: '0x7', transactionIndex: '0x1', from: FROM, to: TO }
const receipt = { transactionHash: HASH, blockHash: BLOCK, blockNumber: '0x7', transactionIndex: '0x1', from: FROM, to: TO }

describe('checkTransactionPlacement()', () => {
  it('finds nothing when the transaction, its receipt and its block agree (whatever the case of the hex)', () => {
    expect(
      checkTransactionPlacement(placement, { exchange, value: tx }, { exchange, value: { ...receipt, from: FROM.toUpperCase().replace('0X', '0x') } }),
    ).toEqual([])
  })
  it('names each field that disagrees, in the answer that carries it', () => {
    const findings = checkTransactionPlacement(
      placement,
      { exchange, value: { ...tx, transactionIndex: '0x2' } },
      { exchange, value: { ...receipt, blockNumber: '0x8', transactionHash: BLOCK } },
    )
    expect(findings.map((f) => f.message)).toEqual([
      expect.stringMatching(/^eth_getTransactionByHash for transaction 0x(ab)+ \(position 1 of block 0x7\) says transactionIndex 0x2, but the block says 0x1$/),
      expect.stringMatching(/^eth_getTransactionReceipt .* says blockNumber 0x8, but the block says 0x7$/),
      expect.stringMatching(/^eth_getTransactionReceipt .* says transactionHash 0x(cd)+, but the block says 0x(ab)+$/),
    ])
    expect(findings[1]?.pointer).toBe('/result/blockNumber')
  })
  it('finds a null answer for a transaction the block holds', () => {
    expect(checkTransactionPlacement(placement, { exchange, value: null }, { exchange, value: receipt })[0]?.message).toMatch(/answered null, not the object/)
  })
  it("compares a contract creation's null to", () => {
    const creation: Placement = { ...placement, inBlock: { ...placement.inBlock, to: null } }
    expect(checkTransactionPlacement(creation, { exchange, value: { ...tx, to: null } }, { exchange, value: { ...receipt, to: null } })).toEqual([])
    expect(checkTransactionPlacement(creation, { exchange, value: tx }, { exchange, value: { ...receipt, to: null } })).toHaveLength(1)
  })
})
