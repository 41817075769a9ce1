import { isBlock } from '../checks/rangeFindings.js'
import { requirement } from './requirement.js'
import { checkFullTransactions } from '../checks/rangeFindings.js'
import type { CheckDefinition } from '../run/registry.js'
import { specName } from '../run/undeclared.js'
import type { Validate } from '../spec/validationIssue.js'
import { bothForms, overRanges, RANGE_METHOD } from '../scenarios/generatedRanges.js'
import { transactionValidator } from '../scenarios/resultSchemas.js'

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

/** RANGE-FULLTX's check, over generated sub-ranges of the real chain. */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'range.fulltx',
      title: 'true gives full transaction objects, false their hashes: the same transactions either way',
      calls: [RANGE_METHOD],
      run: async (probe, context) => {
        // A transaction as the spec describes one (eth_getTransactionByHash's result); without it, the
        // blocks' own schema (RANGE-SHAPE) is all that judges their transactions' shape.
        const described = transactionValidator(context.openrpc)
        if (described === undefined)
          probe.note(`${specName(context)} describes no transaction (eth_getTransactionByHash's result): the transactions were compared, not validated`)
        const validateTx: Validate = described ?? (() => [])
        let seen = 0
        await overRanges(probe, context, 'range.fulltx', async (start, end) => {
          const [hashes, full] = await bothForms(probe, context, start, end)
          if (hashes.blocks === undefined) return [hashes.finding!]
          if (full.blocks === undefined) return [full.finding!]
          seen += transactionCount(full.blocks)
          return checkFullTransactions({ exchange: hashes.exchange, blocks: hashes.blocks }, { exchange: full.exchange, blocks: full.blocks }, validateTx)
        })
        if (seen === 0 && probe.findings.length === 0) probe.inconclusive('the generated ranges held no transaction to compare')
      },
    },
  ]
}
