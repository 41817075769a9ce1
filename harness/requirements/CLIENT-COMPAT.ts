import { requirement } from './requirement.js'

/**
 * CLIENT-COMPAT: real client libraries work against the node. The interface document names no
 * library, so this is a SHOULD (a warning unless --strict): a node that answers as the document says
 * still serves users of viem, ethers or web3.js badly when one of them cannot read an answer, or reads
 * another value than the answer holds. Each check runs one library's own call for one operation over
 * the run's transports and compares what the library hands back with the suite's strict reading of
 * the very answer the library got (harness/clients/).
 */
export const row = requirement({
  id: 'CLIENT-COMPAT',
  level: 'SHOULD',
  text: 'viem 2, ethers 6 and web3.js 4 read each answer as it is (chain id, blocks, balances, transactions, receipts, logs, fees, calls and revert reasons, new heads over WebSocket, the custom methods raw): none throws, none reads another value',
  section: '4 (the answers as the Ethereum JSON-RPC conventions give them; no library is named, so SHOULD)',
})

/**
 * A library call may make a few requests one after another (a block and the gas price for a fee
 * estimate; a network check; a receipt's polls): each is bounded by --timeout, and the call as a
 * whole by this many of them plus a second. A library that waits past it (detection, polling, a retry
 * it was not asked for) is a finding, never a hang.
 */
export const CALL_BOUND_REQUESTS = 3
/** How long a block watcher waits for two consecutive heads on a chain that makes blocks by itself (read-only). */
export const WATCH_WAIT_MS = 20_000
/** Consecutive heads a watcher must report. */
export const WATCH_HEADS = 2
/** How long a head the node already notified may take to reach the library's handler. */
export const NOTIFY_WAIT_MS = 5_000
/** How long a library waits for the receipt of the transaction it sent (the full profile). */
export const SEND_WAIT_MS = 30_000
/** How often a library polls (receipts, blocks) while it waits. */
export const POLL_MS = 250
/** The blocks of the log range read: the sampled block and the ones before it. */
export const LOG_RANGE_BLOCKS = 3

/** The bound of one library call under a run's --timeout. */
export function callBoundMs(timeoutMs: number): number {
  return CALL_BOUND_REQUESTS * timeoutMs + 1000
}

export {
  judgeObject,
  judgeTransaction,
  judgeValue,
  strictValue,
  BLOCK_FIELDS,
  LOG_FIELDS,
  RECEIPT_FIELDS,
  TRANSACTION_FIELDS,
} from '../clients/judgeReading.js'
export { decodeRevertReason } from '../clients/revertReason.js'
