import { describe, expect, it } from 'vitest'
import { addressOf, signLegacyTransaction } from './signLegacyTransaction.js'

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

describe('signLegacyTransaction', () => {
  it('signs an EIP-155 legacy transaction from the key it is given', () => {
    const tx = signLegacyTransaction({ chainId: 901n, nonce: 0n, gasPrice: 10n ** 9n, gasLimit: 21_000n, to: addressOf(KEY), value: 1n }, KEY)
    expect(tx.from).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
    expect(tx.raw.startsWith('0xf8')).toBe(true)
    expect(tx.hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(tx.contractAddress).toBeNull()
  })
  it('names the address a contract creation deploys to', () => {
    // The first contract the well-known development account deploys lands at this address on every chain.
    const tx = signLegacyTransaction({ chainId: 31337n, nonce: 0n, gasPrice: 1n, gasLimit: 100_000n, data: '0x60006000a000' }, KEY)
    expect(tx.contractAddress).toBe('0x5fbdb2315678afecb367f032d93f642f64180aa3')
  })
  it('knows the address of the tenth development key', () => {
    expect(addressOf('0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6')).toBe('0xa0ee7a142d267c1f36714e4a8f75612f20a79720')
  })
})
