import type { LimitName, SuiteDemands } from '../harness/limits/blockedRequirement.js'
import { blockedRequirement, BURST_MAX_MS, BURST_REQUESTS, describeRateLimit, STATE_PROBE_ADDRESS, SUITE_RANGE_SPAN } from '../harness/requirements/LIMITS.js'
import type { LimitMeasurement } from '../harness/limits/limitMeasurement.js'
import { maxBatchItems } from '../harness/limits/maxBatchItems.js'
import { maxBlockRange } from '../harness/limits/maxBlockRange.js'
import { maxRequestBytes } from '../harness/limits/maxRequestBytes.js'
import { maxResponseBytes, RESPONSE_BYTES_CAP } from '../harness/limits/maxResponseBytes.js'
import { maxWsMessageBytes } from '../harness/limits/maxWsMessageBytes.js'
import { oldestStateBlock } from '../harness/limits/archiveDepth.js'
import { rateBurst } from '../harness/limits/rateBurst.js'
import type { Probe } from '../harness/run/certify.js'
import { defineSuite } from '../harness/run/registry.js'
import { chainHead } from '../harness/scenarios/chainHead.js'
import { toQuantity } from '../harness/generate/toQuantity.js'
import { readOnlyStandardMethods } from '../harness/scenarios/methodKinds.js'
import { whenDescribed } from './support/whenDescribed.js'

/**
 * LIMITS (interface spec section 8: rate and size limits "not shown"): what the target enforces,
 * measured with bounded searches of read-only calls through the run's transports (so --timeout,
 * --concurrency and --rate apply), never above the --discover-max-* caps. INFO: never a failure; a
 * warning when a limit blocks one of the suite's MUST checks. --no-discover skips it all.
 */
export default defineSuite('limits', (check, scope) => {
  const { openrpc } = scope
  /** The batch of every example call RPC-HTTP and RPC-WS send (suites/methods.ts): the largest batch and body of the suite. */
  const examplesBatch = readOnlyStandardMethods(openrpc)
    .flatMap((method) => method.examples.map((example) => ({ jsonrpc: '2.0', method: method.name, params: example.params })))
    .map((request, i) => ({ ...request, id: i + 1 }))
  const demands: SuiteDemands = { rangeBlocks: SUITE_RANGE_SPAN, batchItems: examplesBatch.length, batchBytes: JSON.stringify(examplesBatch).length }

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

  // LIMITS: what the target enforces (interface spec section 8 leaves it unstated); a spec without
  // eth_getBlockRange has no range limit to measure
  whenDescribed(check, scope, ['eth_getBlockRange'])(
    { id: 'limits.block-range', requirement: 'LIMITS', title: 'the largest eth_getBlockRange span (end - start + 1) the target answers' },
    { discover: true },
    async (probe, context) => {
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
    { alone: true },
  )

  check(
    { id: 'limits.batch', requirement: 'LIMITS', title: 'the largest batch of eth_chainId calls the target answers per item' },
    { discover: true },
    async (probe, context) => {
      const http = context.http!
      report(probe, 'maxBatchItems', await maxBatchItems({ cap: context.config.discoverCaps.batchItems, send: (body) => http.send(body) }))
    },
    { alone: true },
  )

  check(
    { id: 'limits.request-bytes', requirement: 'LIMITS', title: 'the largest HTTP request body the target answers (a request padded with whitespace)' },
    { discover: true },
    async (probe, context) => {
      const http = context.http!
      report(probe, 'maxRequestBytes', await maxRequestBytes({ cap: context.config.discoverCaps.requestBytes, sendRaw: (text) => http.sendRaw(text) }))
    },
    { alone: true },
  )

  check(
    { id: 'limits.ws-message-bytes', requirement: 'LIMITS', title: 'the largest WebSocket message the target answers (a request padded with whitespace)' },
    { discover: true, ws: true },
    async (probe, context) => {
      report(probe, 'maxWsMessageBytes', await maxWsMessageBytes({ cap: context.config.discoverCaps.requestBytes, connect: () => context.openWs() }))
    },
    { alone: true },
  )

  check(
    {
      id: 'limits.response-bytes',
      requirement: 'LIMITS',
      title: 'the largest response body the target sends (batches of read-only calls built to answer exactly N bytes)',
    },
    { discover: true },
    async (probe, context) => {
      const head = await chainHead(context)
      if (head === null) return probe.inconclusive('eth_blockNumber did not answer a block number, so no blocks can be chosen')
      const http = context.http!
      report(probe, 'maxResponseBytes', await maxResponseBytes({ head, cap: RESPONSE_BYTES_CAP, send: (body) => http.send(body) }))
    },
    { alone: true },
  )

  check(
    {
      id: 'limits.state-history',
      requirement: 'LIMITS',
      title: 'the oldest block whose state the target serves (eth_getBalance at blocks back from the head: archive or pruned)',
    },
    { discover: true },
    async (probe, context) => {
      const head = await chainHead(context)
      if (head === null) return probe.inconclusive('eth_blockNumber did not answer a block number, so no block can be chosen')
      const http = context.http!
      const measured = await oldestStateBlock({ head, stateAt: (number) => http.call('eth_getBalance', [STATE_PROBE_ADDRESS, toQuantity(number)]) })
      if (measured.value !== null) probe.measure('oldestStateBlock', measured.value)
      probe.note(`oldestStateBlock=${String(measured.value)}: ${measured.note} (${measured.requests} request${measured.requests === 1 ? '' : 's'})`)
    },
    { alone: true },
  )

  check(
    {
      id: 'limits.rate',
      requirement: 'LIMITS',
      title: `rate limiting: HTTP 429, Retry-After or JSON-RPC rate-limit errors in the run and in a burst of ${BURST_REQUESTS} eth_chainId calls`,
    },
    { discover: true },
    async (probe, context) => {
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
    { alone: true },
  )
})
