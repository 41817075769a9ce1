import { toData, toQuantity } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { blockNumberOrHashArgument } from './blockArguments.js'
import { addressArgument, jsonType, storageSlotArgument } from './hexArguments.js'
import { invalidArgument } from './invalidParams.js'
import { positionalParams } from './positionalParams.js'
import { readContextAt } from './resolveBlock.js'
import { toRpcError } from './toRpcError.js'

/** The most storage keys one eth_getProof call proves (each is a walk of the account's storage trie). */
export const MAX_PROOF_KEYS = 1_000

/**
 * eth_getProof (EIP-1186), as l2geth serves it: the account at a block (nonce, balance, code hash,
 * storage root) and the storage slots asked, each with the trie nodes that prove it from the block's
 * state root (the account) or the account's storage root (the slots). Each slot's `key` is echoed as
 * it was asked; its `value` is a quantity.
 */
export function eth_getProof(node: Rollup): MethodHandler {
  return async (params) => {
    const [address, keys, block] = positionalParams(params, 3)
    const who = addressArgument(address, 0)
    if (!Array.isArray(keys)) throw invalidArgument(1, `json: cannot unmarshal ${jsonType(keys)} into Go value of type []string`)
    if (keys.length > MAX_PROOF_KEYS) throw invalidArgument(1, `too many storage keys: ${keys.length}, at most ${MAX_PROOF_KEYS}`)
    const slots = keys.map((key) => storageSlotArgument(key, 1))
    const at = blockNumberOrHashArgument(block, 2)
    try {
      const proof = await node.chain.reader.proof(readContextAt(node, at), who, slots)
      return {
        address: toData(who),
        accountProof: proof.accountProof,
        balance: toQuantity(proof.balance),
        codeHash: proof.codeHash,
        nonce: toQuantity(proof.nonce),
        storageHash: proof.storageHash,
        storageProof: proof.storageProof.map((slot, i) => ({ key: keys[i], value: toQuantity(slot.value), proof: slot.proof })),
      }
    } catch (error) {
      throw toRpcError(error)
    }
  }
}
