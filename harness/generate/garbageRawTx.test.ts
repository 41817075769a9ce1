import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common'
import { createLegacyTxFromRLP } from '@ethereumjs/tx'
import { bytesToHex, hexToBytes, privateToAddress } from '@ethereumjs/util'
import * as fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rpcAnswer, rpcResult } from '../chain/rpcAnswer.js'
import { type AnvilHandle, startAnvil } from '../../test/nodes/startAnvil.js'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { garbageRawTx, garbageRawTxCase, type GarbageRawTxKind, UNFUNDED_KEY } from './garbageRawTx.js'

/** True when a legacy-only node on `chainId` could take `raw`: it decodes and its EIP-155 signature verifies. */
function acceptableLegacyTx(raw: string, chainId: bigint): boolean {
  try {
    const common = createCustomCommon({ chainId: chainId.toString() }, Mainnet, { hardfork: Hardfork.Berlin })
    return createLegacyTxFromRLP(hexToBytes(raw as `0x${string}`), { common }).verifySignature()
  } catch {
    return false
  }
}

describe('garbageRawTx()', () => {
  it('obeys the laws: nothing it makes is a transaction a legacy node on the chain could take', () => {
    expect(
      arbitraryLawViolations(
        () => garbageRawTxCase({ chainId: 901 }),
        (g) => !acceptableLegacyTx(g.raw, 901n),
        { numRuns: 20 },
      ),
    ).toEqual([])
  })

  it('makes every kind of garbage, each with the fault its label names', () => {
    const cases = fc.sample(garbageRawTxCase({ chainId: 901 }), { seed: 17, numRuns: 200 })
    const kinds = new Set<GarbageRawTxKind>(cases.map((g) => g.kind))
    expect(kinds).toEqual(new Set(['random-bytes', 'truncated', 'high-s', 'wrong-chain-id', 'typed-envelope']))
    for (const g of cases) {
      if (g.kind === 'typed-envelope') expect(['0x01', '0x02']).toContain(g.raw.slice(0, 4))
      // Signed for another chain: it verifies there, so only the chain id is wrong.
      if (g.kind === 'wrong-chain-id') expect(acceptableLegacyTx(g.raw, 901n)).toBe(false)
    }
  })

  it('garbageRawTx() is the raw hex of the same cases', () => {
    expect(fc.sample(garbageRawTx({ chainId: 5 }), { seed: 3, numRuns: 10 })).toEqual(
      fc.sample(garbageRawTxCase({ chainId: 5 }), { seed: 3, numRuns: 10 }).map((g) => g.raw),
    )
  })
})

describe('garbageRawTx() against Anvil', () => {
  let anvil: AnvilHandle
  beforeAll(async () => {
    anvil = await startAnvil(['--no-mining'])
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  it('is refused with an error by a real node that takes typed transactions too, and changes no state', async () => {
    const chainId = BigInt((await rpcResult(anvil.rpc, 'eth_chainId')) as string)
    const cases = fc.sample(garbageRawTxCase({ chainId }), { seed: 99, numRuns: 40 })
    for (const garbage of cases) {
      const answer = await rpcAnswer(anvil.rpc, 'eth_sendRawTransaction', [garbage.raw])
      expect('error' in answer, `${garbage.kind} ${garbage.raw} was accepted`).toBe(true)
    }
    expect(await rpcResult(anvil.rpc, 'txpool_status')).toEqual({ pending: '0x0', queued: '0x0' })
    const signer = bytesToHex(privateToAddress(hexToBytes(UNFUNDED_KEY as `0x${string}`)))
    expect(await rpcResult(anvil.rpc, 'eth_getBalance', [signer, 'latest'])).toBe('0x0')
  })
})
