import { everyBlock } from '../blockHooks.js'
import type { MutantDefinition } from '../mutant.js'
import { flipLastDigit, isObject, mapResult } from '../rpcMessage.js'

/**
 * Broken variants of the chain's integrity: CHAIN-INTEGRITY. Each change is made to every block
 * wherever it is shown (block methods, ranges, newHeads), so the methods still agree with each other.
 */
export const chainMutants: MutantDefinition[] = [
  {
    name: 'chain-parent-hash-altered',
    requirement: 'CHAIN-INTEGRITY',
    description: "every block names a parentHash that is not its parent's hash (nor part of the header its hash was computed from)",
    create: () => everyBlock((block) => ({ ...block, parentHash: flipLastDigit(block.parentHash) })),
  },
  {
    name: 'chain-extra-data-altered',
    requirement: 'CHAIN-INTEGRITY',
    description: 'every block shows extraData other than what was hashed: the hash is not the keccak of the header shown',
    create: () => everyBlock((block) => ({ ...block, extraData: typeof block.extraData === 'string' ? `${block.extraData}ff` : block.extraData })),
  },
  {
    name: 'chain-full-view-transactions-root-altered',
    requirement: 'CHAIN-INTEGRITY',
    description:
      'blocks asked for with full transactions show a transactionsRoot that is not the root of those transactions (a stale cache of the full view); the hash view is intact',
    create: () => ({
      response: (call, response) =>
        (call.method === 'eth_getBlockByNumber' || call.method === 'eth_getBlockByHash') && call.params[1] === true && !call.inBatch
          ? mapResult(response, (block) => (isObject(block) ? { ...block, transactionsRoot: flipLastDigit(block.transactionsRoot) } : block))
          : response,
    }),
  },
]
