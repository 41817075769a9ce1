// CLIENT-COMPAT's named numbers: how long the libraries' calls may take and how often they poll,
// read by the operations that run them (operations.ts, watchOperation.ts).

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
