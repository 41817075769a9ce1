import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common'
import { createLegacyTxFromRLP } from '@ethereumjs/tx'
import { bytesToHex, hexToBytes } from '@ethereumjs/util'
import * as fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilHandle, startAnvil } from '../../test/nodes/startAnvil.js'
import { rpcResult } from '../chain/rpcAnswer.js'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { intrinsicGas, type SignedLegacyTx, signedLegacyTx } from './signedLegacyTx.js'

// The first well-known development key (funded on the reference node and on Anvil).
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const DEV_ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

/** Decodes `tx.raw` independently and checks that it says what the arbitrary claims. */
function isFaithful(tx: SignedLegacyTx, chainId: bigint): boolean {
  const common = createCustomCommon({ chainId: chainId.toString() }, Mainnet, { hardfork: Hardfork.Berlin })
  const decoded = createLegacyTxFromRLP(hexToBytes(tx.raw as `0x${string}`), { common })
  const data = hexToBytes(tx.data as `0x${string}`)
  return (
    decoded.verifySignature() &&
    decoded.getSenderAddress().toString() === tx.from &&
    bytesToHex(decoded.hash()) === tx.hash &&
    decoded.common.chainId() === chainId &&
    decoded.v === chainId * 2n + 35n + (decoded.v! % 2n === 0n ? 1n : 0n) &&
    decoded.nonce === tx.nonce &&
    decoded.gasPrice === tx.gasPrice &&
    decoded.gasLimit === tx.gasLimit &&
    decoded.value === tx.value &&
    bytesToHex(decoded.data) === tx.data &&
    (decoded.to?.toString() ?? null) === tx.to &&
    tx.gasLimit >= intrinsicGas(data, tx.to === null)
  )
}

describe('signedLegacyTx()', () => {
  const options = { privateKey: DEV_KEY, chainId: 901, nonce: 3, gasPrice: 10n ** 9n }

  it('obeys the laws: an EIP-155 legacy transaction whose decoding matches what it reports', () => {
    expect(
      arbitraryLawViolations(
        () => signedLegacyTx(options),
        (tx) => isFaithful(tx, 901n),
        { numRuns: 15 },
      ),
    ).toEqual([])
  })

  it('signs for the given signer, nonce and gas price; to may be fixed or a creation', () => {
    const [tx] = fc.sample(signedLegacyTx({ ...options, to: null }), { seed: 1, numRuns: 1 })
    expect(tx).toMatchObject({ from: DEV_ADDRESS, to: null, nonce: 3n, gasPrice: 10n ** 9n, chainId: 901n })
    const [sent] = fc.sample(signedLegacyTx({ ...options, to: DEV_ADDRESS }), { seed: 1, numRuns: 1 })
    expect(sent?.to).toBe(DEV_ADDRESS)
    expect(
      fc.check(
        fc.property(signedLegacyTx(options), () => false),
        { seed: 2 },
      ).counterexample?.[0],
    ).toMatchObject({ value: 0n, data: '0x' })
  })
})

describe('signedLegacyTx() against Anvil', () => {
  let anvil: AnvilHandle
  beforeAll(async () => {
    anvil = await startAnvil(['--no-mining'])
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  it('makes transactions a real node accepts and mines, under the hash it reports', async () => {
    const chainId = BigInt((await rpcResult(anvil.rpc, 'eth_chainId')) as string)
    const sent: SignedLegacyTx[] = []
    for (let nonce = 0; nonce < 3; nonce++) {
      const to = nonce === 2 ? { to: null } : {}
      const [tx] = fc.sample(signedLegacyTx({ privateKey: DEV_KEY, chainId, nonce, gasPrice: 5n * 10n ** 9n, ...to }), { seed: 40 + nonce, numRuns: 1 })
      if (tx === undefined) throw new Error('no sample')
      expect(await rpcResult(anvil.rpc, 'eth_sendRawTransaction', [tx.raw])).toBe(tx.hash)
      sent.push(tx)
    }
    await rpcResult(anvil.rpc, 'evm_mine')
    for (const tx of sent) {
      const receipt = (await rpcResult(anvil.rpc, 'eth_getTransactionReceipt', [tx.hash])) as Record<string, unknown>
      expect(receipt).toMatchObject({ transactionHash: tx.hash, from: DEV_ADDRESS, type: '0x0' })
      // A call to an address without code succeeds; random init code of a creation may revert.
      if (tx.to !== null) expect(receipt.status).toBe('0x1')
    }
  })
})
