import { baseHeaderFields, forkHeaderFields } from './headerLayout.js'

/**
 * The members of a JSON-RPC block object that are not part of its header yet are known to the suite:
 * the block's own hash, its size and total difficulty, its body (transactions, uncles, withdrawals).
 */
const knownBodyFields = new Set(['hash', 'size', 'totalDifficulty', 'transactions', 'uncles', 'withdrawals'])

const knownFields = new Set([...baseHeaderFields, ...forkHeaderFields].map((field) => field.name).concat([...knownBodyFields]))

/**
 * The members of a block object the suite knows neither as a header field (any layout of
 * headerLayout) nor as a body field (CHAIN-INTEGRITY): a node's own additions, which may be part
 * of what it hashes. Present (non-null) members only, sorted, as the block names them.
 * @example unknownBlockFields({ ...block, l1BlockNumber: '0x1' }) // ['l1BlockNumber']
 */
export function unknownBlockFields(block: Record<string, unknown>): string[] {
  if (block === null || typeof block !== 'object' || Array.isArray(block)) return []
  return Object.keys(block)
    .filter((name) => !knownFields.has(name) && block[name] !== null && block[name] !== undefined)
    .sort()
}
