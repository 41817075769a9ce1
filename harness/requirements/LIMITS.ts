import { MAX_GENERATED_SPAN } from './RANGE-ORDER.js'
import { requirement } from './requirement.js'
import type { LimitName, SuiteDemands } from '../limits/blockedRequirement.js'
import { blockedRequirement } from '../limits/blockedRequirement.js'
import { describeRateLimit } from '../limits/describeRateLimit.js'
import type { LimitMeasurement } from '../limits/limitMeasurement.js'
import { maxBatchItems } from '../limits/maxBatchItems.js'
import { maxBlockRange } from '../limits/maxBlockRange.js'
import { maxRequestBytes } from '../limits/maxRequestBytes.js'
import { maxResponseBytes, RESPONSE_BYTES_CAP } from '../limits/maxResponseBytes.js'
import { maxWsMessageBytes } from '../limits/maxWsMessageBytes.js'
import { oldestStateBlock } from '../limits/archiveDepth.js'
import { rateBurst } from '../limits/rateBurst.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { Probe } from '../run/certify.js'
import type { CheckDefinition, DeclarationScope } from '../run/registry.js'
import { chainHead } from '../scenarios/chainHead.js'
import { examplesBatch } from '../scenarios/examplesBatch.js'

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

/**
 * LIMITS's checks (interface spec section 8: rate and size limits "not shown"): what the target
 * enforces, measured with bounded searches of read-only calls through the run's transports (so
 * --timeout, --concurrency and --rate apply), never above the --discover-max-* caps. INFO: never a
 * failure; a warning when a limit blocks one of the suite's MUST checks. --no-discover skips it all.
 * Each measures the target, so none runs beside another check of the foreground (`alone`).
 */
export function checks({ openrpc }: DeclarationScope): CheckDefinition[] {
  /** The batch of every example call RPC-HTTP and RPC-WS send: the largest batch and body of the suite. */
  const batch = examplesBatch(openrpc).map((call) => call.request)
  const demands: SuiteDemands = { rangeBlocks: SUITE_RANGE_SPAN, batchItems: batch.length, batchBytes: JSON.stringify(batch).length }

  /**
   * Records a measurement under `name` (report.json `limits`; left out when nothing could be measured,
   * the note says why), its note, and a warning when it blocks a MUST.
   */
  function report(probe: Probe, name: LimitName, measured: LimitMeasurement): void {
    if (measured.value !== null) probe.measure(name, measured.value)
    probe.note(`${name}=${String(measured.value)}: ${measured.note} (${measured.requests} request${measured.requests === 1 ? '' : 's'})`)
    const blocked = blockedRequirement(name, measured.value, demands)
    if (blocked !== null) probe.fail(blocked)
  }

  return [
    {
      id: 'limits.block-range',
      title: 'the largest eth_getBlockRange span (end - start + 1) the target answers',
      calls: ['eth_getBlockRange'],
      needs: { discover: true },
      alone: true,
      run: async (probe, context) => {
        const head = await chainHead(context)
        if (head === null) return probe.inconclusive('eth_blockNumber did not answer a block number, so no range can be chosen')
        const http = context.http!
        report(
          probe,
          'maxBlockRange',
          await maxBlockRange({
            head,
            cap: context.config.discoverCaps.blockRange,
            getBlockRange: (start, end) => http.call('eth_getBlockRange', [toQuantity(start), toQuantity(end), false]),
          }),
        )
      },
    },
    {
      id: 'limits.batch',
      title: 'the largest batch of eth_chainId calls the target answers per item',
      needs: { discover: true },
      alone: true,
      run: async (probe, context) => {
        const http = context.http!
        report(probe, 'maxBatchItems', await maxBatchItems({ cap: context.config.discoverCaps.batchItems, send: (body) => http.send(body) }))
      },
    },
    {
      id: 'limits.request-bytes',
      title: 'the largest HTTP request body the target answers (a request padded with whitespace)',
      needs: { discover: true },
      alone: true,
      run: async (probe, context) => {
        const http = context.http!
        report(probe, 'maxRequestBytes', await maxRequestBytes({ cap: context.config.discoverCaps.requestBytes, sendRaw: (text) => http.sendRaw(text) }))
      },
    },
    {
      id: 'limits.ws-message-bytes',
      title: 'the largest WebSocket message the target answers (a request padded with whitespace)',
      needs: { discover: true, ws: true },
      alone: true,
      run: async (probe, context) => {
        report(probe, 'maxWsMessageBytes', await maxWsMessageBytes({ cap: context.config.discoverCaps.requestBytes, connect: () => context.openWs() }))
      },
    },
    {
      id: 'limits.response-bytes',
      title: 'the largest response body the target sends (batches of read-only calls built to answer exactly N bytes)',
      needs: { discover: true },
      alone: true,
      run: async (probe, context) => {
        const head = await chainHead(context)
        if (head === null) return probe.inconclusive('eth_blockNumber did not answer a block number, so no blocks can be chosen')
        const http = context.http!
        report(probe, 'maxResponseBytes', await maxResponseBytes({ head, cap: RESPONSE_BYTES_CAP, send: (body) => http.send(body) }))
      },
    },
    {
      id: 'limits.state-history',
      title: 'the oldest block whose state the target serves (eth_getBalance at blocks back from the head: archive or pruned)',
      needs: { discover: true },
      alone: true,
      run: async (probe, context) => {
        const head = await chainHead(context)
        if (head === null) return probe.inconclusive('eth_blockNumber did not answer a block number, so no block can be chosen')
        const http = context.http!
        const measured = await oldestStateBlock({ head, stateAt: (number) => http.call('eth_getBalance', [STATE_PROBE_ADDRESS, toQuantity(number)]) })
        if (measured.value !== null) probe.measure('oldestStateBlock', measured.value)
        probe.note(`oldestStateBlock=${String(measured.value)}: ${measured.note} (${measured.requests} request${measured.requests === 1 ? '' : 's'})`)
      },
    },
    {
      id: 'limits.rate',
      title: `rate limiting: HTTP 429, Retry-After or JSON-RPC rate-limit errors in the run and in a burst of ${BURST_REQUESTS} eth_chainId calls`,
      needs: { discover: true },
      alone: true,
      run: async (probe, context) => {
        const http = context.http!
        const { config } = context
        // What the checks before this one ran into (the whole run in this worker, so far), then the burst.
        const earlier = context.rateLimits.tally()
        const burst = await rateBurst({ call: () => http.call('eth_chainId'), requests: BURST_REQUESTS, maxMs: BURST_MAX_MS, workers: config.concurrency })
        const described = describeRateLimit(burst, earlier)
        probe.measure('rateLimit', described)
        const paced = config.rate === null ? '' : `; --rate ${config.rate} paced it, so a limit above ${config.rate} requests/s cannot show`
        const pace = burst.elapsedMs > 0 ? Math.round((burst.sent / burst.elapsedMs) * 1000) : burst.sent
        probe.note(
          `rateLimit=${described ?? 'none seen'}: ${burst.sent} eth_chainId calls in ${(burst.elapsedMs / 1000).toFixed(2)} s (~${pace} requests/s)${paced}; ${earlier.exchanges} earlier exchanges of the run looked at`,
        )
      },
    },
  ]
}
