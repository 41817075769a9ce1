import { isBlock } from '../checks/rangeFindings.js'
import { requirement } from './requirement.js'

/** RANGE-FULLTX: the third param chooses full transaction objects (true) or their hashes (false). */
export const row = requirement({
  id: 'RANGE-FULLTX',
  level: 'MUST',
  text: 'true: full transaction objects; false: hashes; the same transactions either way',
  section: '4.2, rule 3',
})

/**
 * How many transactions the blocks of a range hold (with full transactions): a range that held none
 * compared nothing, so the check is inconclusive rather than passed.
 */
export function transactionCount(blocks: readonly unknown[]): number {
  return blocks.reduce<number>((n, block) => n + (isBlock(block) && Array.isArray(block.transactions) ? block.transactions.length : 0), 0)
}

export { checkFullTransactions } from '../checks/rangeFindings.js'
