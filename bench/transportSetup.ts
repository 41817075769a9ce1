import { RequestGate } from '../harness/transport/requestGate.js'
import type { TransportOptions } from '../harness/transport/transportOptions.js'
import { resultCheck } from './answerCheck.js'

/** In-flight requests of both sides of the transport benchmarks (the suite's default --concurrency). */
export const TRANSPORT_CONCURRENCY = 8

/** The method the transport benchmarks call: the cheapest answer, so the client's own cost shows. */
export const TRANSPORT_METHOD = 'eth_blockNumber'

/** An answer to TRANSPORT_METHOD: a hex quantity. */
export const quantityCheck = resultCheck((result) => typeof result === 'string' && /^0x[0-9a-f]+$/.test(result), 'a quantity')

/**
 * Transport options as a run builds them (runContext: 64 MiB responses), with a RequestGate of
 * TRANSPORT_CONCURRENCY and no rate cap; a generous time-out, as the machine may be loaded.
 */
export function transportOptions(): TransportOptions {
  return { timeoutMs: 30_000, maxResponseBytes: 64 * 1024 * 1024, headers: {}, gate: new RequestGate({ concurrency: TRANSPORT_CONCURRENCY }) }
}
