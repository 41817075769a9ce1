import { RLP } from '@ethereumjs/rlp'
import { bytesToHex, hexToBytes } from '@ethereumjs/util'
import { describe, expect, it } from 'vitest'
import { orderedTrieRoot } from '../../reference-impl/chain/orderedTrieRoot.js'
import { signLegacyTransaction } from '../transactions/signLegacyTransaction.js'
import { EMPTY_TRIE_ROOT, transactionsRoot } from './transactionsRoot.js'

const KEY = `0x${'ac'.repeat(32)}`
const hex = (n: bigint): string => `0x${n.toString(16)}`

/** A signed legacy transaction and its JSON-RPC object (without rawTransaction, as a plain geth node shows it). */
function legacy(nonce: bigint, to?: string): { raw: string; json: Record<string, unknown> } {
  const signed = signLegacyTransaction(
    { chainId: 901n, nonce, gasPrice: 1_000_000n, gasLimit: 21_000n, ...(to === undefined ? {} : { to }), value: 5n, data: '0x' },
    KEY,
  )
  const [n, gasPrice, gas, toBytes, value, input, v, r, s] = RLP.decode(hexToBytes(signed.raw as `0x${string}`)) as Uint8Array[]
  const q = (b: Uint8Array): string => (b.length === 0 ? '0x0' : hex(BigInt(bytesToHex(b))))
  return {
    raw: signed.raw,
    json: {
      hash: signed.hash,
      type: '0x0',
      nonce: q(n!),
      gasPrice: q(gasPrice!),
      gas: q(gas!),
      to: toBytes!.length === 0 ? null : bytesToHex(toBytes!),
      value: q(value!),
      input: bytesToHex(input!),
      v: q(v!),
      r: q(r!),
      s: q(s!),
    },
  }
}

describe('transactionsRoot()', () => {
  it('is the empty-trie root for no transactions', async () => {
    expect(await transactionsRoot([])).toEqual({ root: EMPTY_TRIE_ROOT })
    expect(bytesToHex(await orderedTrieRoot([]))).toBe(EMPTY_TRIE_ROOT)
  })

  it('rebuilds legacy transactions from their fields, as the reference roots them', async () => {
    const txs = [legacy(0n, `0x${'42'.repeat(20)}`), legacy(1n), legacy(2n, `0x${'07'.repeat(20)}`)]
    const expected = bytesToHex(await orderedTrieRoot(txs.map((t) => hexToBytes(t.raw as `0x${string}`))))
    expect(await transactionsRoot(txs.map((t) => t.json))).toEqual({ root: expected })
    // With rawTransaction (l2geth's field) the same root, whatever the other fields say.
    expect(await transactionsRoot(txs.map((t) => ({ hash: t.json.hash, type: '0x2', rawTransaction: t.raw })))).toEqual({ root: expected })
  })

  it('is unknown, never a guess, for a typed transaction without rawTransaction or fields that miss their hash', async () => {
    const tx = legacy(0n, `0x${'42'.repeat(20)}`).json
    expect(await transactionsRoot([{ ...tx, type: '0x2' }])).toEqual({ unknown: expect.stringMatching(/typed \(0x2\)/) })
    expect(await transactionsRoot([{ ...tx, value: '0x6' }])).toEqual({ unknown: expect.stringMatching(/do not hash to its hash/) })
    expect(await transactionsRoot([{ ...tx, rawTransaction: '0x00' }])).toEqual({ root: expect.any(String) })
    expect(await transactionsRoot([null])).toEqual({ unknown: 'transaction 0 is not an object' })
  })
})
