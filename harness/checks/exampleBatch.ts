import { batchItem, checkBatchEnvelope } from './envelopeFindings.js'
import type { Finding } from './finding.js'
import { checkResult } from './outcomeFindings.js'
import { outcomeOf } from './outcomeOf.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'

/** One call of a batch of examples: its request, and the result schema its answer is judged by. */
export interface BatchCall {
  request: { jsonrpc: '2.0'; method: string; params: unknown; id: number }
  validate: Validate
}

/** A batch of example calls (over either transport): one response per call, matched by id, each result valid against its schema. */
export function checkExampleBatch(exchange: Exchange, calls: readonly BatchCall[]): Finding[] {
  const findings = checkBatchEnvelope(
    exchange,
    calls.map((call) => call.request),
  )
  if (findings.length > 0) return findings
  for (const call of calls) {
    const item = { ...exchange, response: batchItem(exchange, call.request.id) }
    if (outcomeOf(item).kind === 'result') findings.push(...checkResult(item, call.validate, `${call.request.method} inside a batch`).findings)
  }
  return findings
}
