import { MAX_GENERATED_SPAN } from './RANGE-ORDER.js'
import { requirement } from './requirement.js'

/**
 * LIMITS: what the target enforces, measured. The interface document leaves limits unstated, so a
 * limit is never a failure; only one that blocks a MUST check of the suite is a warning.
 */
export const row = requirement({
  id: 'LIMITS',
  level: 'INFO',
  text: 'the limits the target enforces, measured (largest block range, batch, request body, WebSocket message; rate limiting seen; the oldest block whose state it serves)',
  section: '8 (limits are not stated, so they are measured and reported, never failed)',
})

/** The widest range the suite's own MUST checks ask for: a smaller maxBlockRange blocks them. */
export const SUITE_RANGE_SPAN = MAX_GENERATED_SPAN

/** The account whose balance the state-history search reads at blocks back from the head (any account's state answers alike). */
export const STATE_PROBE_ADDRESS = '0x0000000000000000000000000000000000000000'

/** Cheap calls in the rate-limit burst, and how long it may take at most. */
export const BURST_REQUESTS = 200
export const BURST_MAX_MS = 2000

export { blockedRequirement } from '../limits/blockedRequirement.js'
export { describeRateLimit } from '../limits/describeRateLimit.js'
export { oldestStateBlock, STATE_HISTORY_HINTS } from '../limits/archiveDepth.js'
