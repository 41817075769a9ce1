import type { Exchange } from '../transport/exchange.js'

/**
 * What a sweep verifies of each block, one name per rule (the report counts and shows findings by it):
 * - `block`: the block is served (a block object, of the number asked);
 * - `hash`: the block hash is keccak of its RLP header;
 * - `parentHash`: consecutive blocks link;
 * - `transactionsRoot`, `receiptsRoot`, `logsBloom`: recomputed from the transactions, the receipts, the logs;
 * - `transactions`: each transaction names its block (hash, number) and its index;
 * - `receipts`: each receipt is served and names its transaction, block and index; cumulative gas adds up to the block's;
 * - `logs`: log indexes run from 0 across the block; each log names its block and transaction;
 * - `range`: eth_getBlockRange answers each block as eth_getBlockByNumber does (hashes and full transactions);
 * - `getLogs`: eth_getLogs over the window answers the receipts' logs;
 * - `differs`: two nodes answered the same request differently (after the diff's normalisation);
 * - `state`: two nodes answered a state read at a block differently.
 */
export type SweepCheck =
  | 'block'
  | 'hash'
  | 'parentHash'
  | 'transactionsRoot'
  | 'receiptsRoot'
  | 'logsBloom'
  | 'transactions'
  | 'receipts'
  | 'logs'
  | 'range'
  | 'getLogs'
  | 'differs'
  | 'state'

/** The checks of one node's own consistency, in the order reports list them. */
export const NODE_CHECKS: readonly SweepCheck[] = [
  'block',
  'hash',
  'parentHash',
  'transactionsRoot',
  'receiptsRoot',
  'logsBloom',
  'transactions',
  'receipts',
  'logs',
  'range',
  'getLogs',
]

/** One thing found wrong at one block: a judge's output, before the report bounds it. */
export interface SweepFinding {
  check: SweepCheck
  /** The JSON-RPC method whose answer is wrong (for `differs` and `state`, the method both were asked). */
  method: string
  /** What is wrong within the check: the check's own name, or the answer's field (a JSON pointer with indexes as `*`). */
  field: string
  block: number
  message: string
  pointer?: string
  expected?: unknown
  got?: unknown
  /** Which node (A, the first --rpc; B the second); absent for a difference between them. */
  side?: 'A' | 'B'
  /** The exchanges that show it: for a difference, A's then B's; else the answers the judge read. */
  exchanges: Exchange[]
}

/** What a judge could not decide, by reason (a typed transaction the suite does not rebuild...), counted, never a pass. */
export type Unjudged = Map<string, number>
