import { RequestGate } from '../../harness/transport/requestGate.js'
import type { TransportOptions } from '../../harness/transport/transportOptions.js'

/** Transport options for tests of the discovery drivers: a generous time-out, a gate of four. */
export function testTransportOptions(overrides: Partial<TransportOptions> = {}): TransportOptions {
  return { timeoutMs: 15_000, maxResponseBytes: 64 * 1024 * 1024, headers: {}, gate: new RequestGate({ concurrency: 4 }), ...overrides }
}
