/** What the suite's own MUST checks ask of a target: the largest range, batch and bodies they send. */
export interface SuiteDemands {
  /** Blocks in the largest generated eth_getBlockRange span (RANGE-ORDER, RANGE-SHAPE, RANGE-FULLTX, RANGE-CONSISTENT). */
  rangeBlocks: number
  /** Items in the largest batch (RPC-HTTP and RPC-WS: every example call in one batch). */
  batchItems: number
  /** Bytes of that batch as an HTTP body and as a WebSocket message. */
  batchBytes: number
}

export type LimitName = 'maxBlockRange' | 'maxBatchItems' | 'maxRequestBytes' | 'maxWsMessageBytes' | 'maxResponseBytes'

/**
 * When a measured limit is below what a MUST check of the suite sends, that check cannot pass
 * against the target whatever else it does: the message names the MUST it blocks (reported as an
 * INFO warning, so the operator reads that failure for what it is). Null when nothing is blocked
 * (or the limit is only a lower bound, `>=N`).
 * @example blockedRequirement('maxBatchItems', 10, demands) // "maxBatchItems 10 is below the 27-item batch ..."
 */
export function blockedRequirement(name: LimitName, value: number | string | null, demands: SuiteDemands): string | null {
  if (typeof value !== 'number') return null
  switch (name) {
    case 'maxBlockRange':
      return value < demands.rangeBlocks
        ? `maxBlockRange ${value} is below the ${demands.rangeBlocks}-block ranges RANGE-ORDER, RANGE-SHAPE, RANGE-FULLTX and RANGE-CONSISTENT ask for: their failures on larger ranges are this limit`
        : null
    case 'maxBatchItems':
      return value < demands.batchItems
        ? `maxBatchItems ${value} is below the ${demands.batchItems}-item batch RPC-HTTP (http.batch.examples) and RPC-WS (ws.batch.examples) send: those MUST checks cannot pass against this limit`
        : null
    case 'maxRequestBytes':
      return value < demands.batchBytes
        ? `maxRequestBytes ${value} is below the ${demands.batchBytes}-byte batch RPC-HTTP (http.batch.examples) sends: that MUST check cannot pass against this limit`
        : null
    case 'maxWsMessageBytes':
      return value < demands.batchBytes
        ? `maxWsMessageBytes ${value} is below the ${demands.batchBytes}-byte batch RPC-WS (ws.batch.examples) sends: that MUST check cannot pass against this limit`
        : null
    case 'maxResponseBytes':
      // The suite's answers are small (its largest range is a few dozen blocks): no MUST hinges on it.
      return null
  }
}
