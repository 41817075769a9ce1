import type { MutantDefinition } from '../mutants/mutant.js'
import { hasResult, isObject } from '../mutants/rpcMessage.js'

/**
 * Broken variants of a node that differ only on one old block `height`, far from the head: what a
 * migrated or re-synced node gets wrong where near-tip checks never look. They are the sweep's own
 * targets, not members of the run's mutant catalogue (a run samples near the head and is not
 * expected to see them); served by the mutant proxy (startMutantProxy) in front of the reference.
 */

const quantity = (n: number): string => `0x${n.toString(16)}`
const numberOf = (value: unknown): number | null => (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? Number.parseInt(value, 16) : null)

/**
 * The receipt of block `height`'s transactions answers `logs`: another block's receipt logs, as that
 * receipt shows them (a receipts index rebuilt wrong, a static-file boundary serving another block's data).
 */
export function receiptWithOtherLogs(height: number, logs: readonly unknown[]): MutantDefinition {
  return {
    name: 'receipt-with-another-blocks-logs',
    requirement: null,
    description: `eth_getTransactionReceipt of block ${height}'s transaction answers the logs of another block's receipt`,
    create: () => ({
      response(call, response) {
        if (call.method !== 'eth_getTransactionReceipt' || !hasResult(response) || !isObject(response.result)) return response
        if (numberOf(response.result.blockNumber) !== height) return response
        return { ...response, result: { ...response.result, logs } }
      },
    }),
  }
}

/** eth_getBlockRange answers block `height` without its last transaction, whatever window it is asked in; the other block methods are right. */
export function rangeDropsTransaction(height: number): MutantDefinition {
  return {
    name: 'range-drops-a-transaction',
    requirement: null,
    description: `eth_getBlockRange answers block ${height} without its last transaction`,
    create: () => ({
      response(call, response) {
        if (call.method !== 'eth_getBlockRange' || !hasResult(response) || !Array.isArray(response.result)) return response
        const blocks = response.result.map((block) =>
          isObject(block) && numberOf(block.number) === height && Array.isArray(block.transactions)
            ? { ...block, transactions: block.transactions.slice(0, -1) }
            : block,
        )
        return { ...response, result: blocks }
      },
    }),
  }
}

/** eth_getBalance at block `height` answers the balance at the block after it (an off-by-one in a state index). */
export function balanceFromNextBlock(height: number): MutantDefinition {
  return {
    name: 'balance-from-next-block',
    requirement: null,
    description: `eth_getBalance at block ${height} answers the balance at block ${height + 1}`,
    create: () => ({
      request(call) {
        if (call.method !== 'eth_getBalance' || numberOf(call.params[1]) !== height) return undefined
        return { forward: { ...(call.request as Record<string, unknown>), params: [call.params[0], quantity(height + 1)] } }
      },
    }),
  }
}
