import { ChainError } from '../chain/chainError.js'
import { toData } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { ReadContext } from '../chain/stateReader.js'
import type { BlockSelector } from './blockArguments.js'

/**
 * The number of the block a selector names, or undefined when the chain has no such block. Tags are
 * resolved against the head: earliest = 0; latest, pending, safe and finalized = the head (blocks are
 * sealed at once, so there is no pending block distinct from the head).
 */
export function resolveBlockNumber(node: Rollup, selector: BlockSelector): number | undefined {
  const head = node.chain.head
  if ('tag' in selector) return selector.tag === 'earliest' ? 0 : head
  if ('number' in selector) return selector.number <= BigInt(head) ? Number(selector.number) : undefined
  return node.chain.store.numberOfHash(selector.hash)
}

/**
 * The state a query at `selector` reads; a block the chain does not have is geth's "header not
 * found" (-32000), one whose state is older than the state history served (--state-history) geth's
 * "missing trie node" (-32000).
 */
export function readContextAt(node: Rollup, selector: BlockSelector): ReadContext {
  const number = resolveBlockNumber(node, selector)
  if (number === undefined) throw new ChainError('UNKNOWN_BLOCK', 'header not found')
  const context = node.chain.readContext(number)
  const kept = node.stateHistory
  if (kept !== undefined && number <= node.chain.head - kept) {
    throw new ChainError(
      'STATE_UNAVAILABLE',
      `missing trie node ${toData(context.stateRoot)} (path ): the state of block ${number} is not kept, only that of the last ${kept} blocks`,
    )
  }
  return context
}
