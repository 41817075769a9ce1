import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { checkSealKnown } from './RPC-STANDARD.seal.js'

const exchange: Exchange = { transport: 'http', url: 'http://target.invalid/', request: {}, startedAt: 0, durationMs: 0 }
const sealed = { number: '0x1', hash: `0x${'11'.repeat(32)}`, nonce: '0x0000000000000000', miner: `0x${'00'.repeat(20)}`, mixHash: `0x${'00'.repeat(32)}` }

describe('checkSealKnown()', () => {
  it('passes a sealed block, and leaves what is not a block to the schema', () => {
    expect(checkSealKnown('latest', exchange, sealed)).toEqual([])
    expect(checkSealKnown('latest', exchange, null)).toEqual([])
  })
  it('finds each seal member left null outside the pending block (the pending block as geth and Hardhat show it)', () => {
    const findings = checkSealKnown('eth_getBlockByNumber("latest")', exchange, { ...sealed, hash: null, nonce: null, miner: null, mixHash: null })
    expect(findings.map((f) => f.pointer)).toEqual(['/result/hash', '/result/nonce', '/result/miner', '/result/mixHash'])
    expect(findings[0]?.message).toMatch(/only the pending block/)
  })
})
