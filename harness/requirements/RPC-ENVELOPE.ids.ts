import type { Exchange } from '../transport/exchange.js'
import { boundedJson } from '../checks/boundedJson.js'
import { judgeBatchItems, transportFindings } from '../checks/envelopeFindings.js'
import type { Finding } from '../checks/finding.js'

/**
 * Request ids a sloppy JSON-RPC server echoes wrongly (JSON-RPC 2.0 section 5: the response's id
 * is the request's, the same value of the same JSON type). Each one is a known way to get it wrong;
 * they are ordered so that no two ids of the same family follow each other (a server that breaks one
 * family never breaks many answers in a row, which would condemn the whole transport).
 */
export const ENVELOPE_IDS: readonly (number | string)[] = [
  0, // falsy: an `id || null` slip answers null
  2 ** 31, // past a signed 32-bit integer: overflows, or comes back as a string
  1,
  Number.MAX_SAFE_INTEGER, // 2^53 - 1, the largest integer every JSON reader keeps exactly
  '', // falsy string
  2 ** 24 + 1, // past a 32-bit float's integers: rounds to its neighbour (off by one)
  '42', // digits in a string: comes back as the number 42
  -1,
  '0x1', // looks like a quantity: comes back decoded
  'l2conf-7',
]

/** Request ids of a batch of `method` calls, one per ENVELOPE_IDS entry (ids are unique within a batch). */
export function idBatch(method: string): Array<{ jsonrpc: '2.0'; method: string; params: []; id: number | string }> {
  return ENVELOPE_IDS.map((id) => ({ jsonrpc: '2.0', method, params: [], id }))
}

/**
 * RPC-ENVELOPE inside a batch: each item answers an id one of the requests had, exactly (same value,
 * same JSON type), once, in a valid envelope. A batch refused or answered short (not an array, items
 * missing) is the batch requirement's matter (RPC-HTTP, RPC-WS: "batch requests answered per item");
 * judged here too, one fault would fail two requirements, so the ids it left unseen are inconclusive.
 * @example checkBatchIds(exchange, idBatch('eth_chainId')) // [] when every id came back exactly
 */
export function checkBatchIds(exchange: Exchange, requests: ReadonlyArray<{ id?: unknown }>): Finding[] {
  if (exchange.failure !== undefined) return transportFindings(exchange)
  const response = exchange.response
  if (!Array.isArray(response)) {
    return [
      {
        kind: 'inconclusive',
        message: `the batch was answered with ${boundedJson(response, 80)}, not an array of answers: no id to compare (a refused batch is RPC-HTTP's or RPC-WS's matter)`,
        exchange,
      },
    ]
  }
  const { findings, unanswered } = judgeBatchItems(exchange, response, requests, 'envelope-id-mismatch')
  if (findings.length === 0 && unanswered.length > 0) {
    const asked = requests.filter((request) => 'id' in request).length
    findings.push({
      kind: 'inconclusive',
      message: `the batch answered ${asked - unanswered.length} of ${asked} requests; ids ${unanswered.map((id) => boundedJson(id, 30)).join(', ')} could not be compared (a short batch is RPC-HTTP's or RPC-WS's matter)`,
      exchange,
    })
  }
  return findings
}
