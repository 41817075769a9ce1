import type { UntypedFinding } from './finding.js'
import type { SpecError } from '../spec/specErrors.js'
import type { Exchange } from '../transport/exchange.js'
import { boundedJson } from './boundedJson.js'
import { firstDifference } from './firstDifference.js'
import { checkIsError } from './outcomeFindings.js'
import { outcomeOf } from './outcomeOf.js'

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * RPC-ERRORS (and RANGE-INVALID for the range limits): a call refused with an error refuses it
 * with the error openrpc.json names for it: the same code, and in `data` every member the spec
 * shows that is not prose (e.g. `blocked: true`). Strings, like messages, are never compared: they
 * are for people. A result, or no JSON-RPC answer at all, is not this judge's: whether the call
 * must fail is its own requirement's question (BLOCKED-*, RANGE-INVALID), so callers that need it
 * ask checkIsError too.
 */
export function checkSpecError(exchange: Exchange, what: string, expected: SpecError): UntypedFinding[] {
  const outcome = outcomeOf(exchange)
  if (outcome.kind !== 'error') return []
  const findings = checkIsError(exchange, what, [expected.code])
  if (findings.length > 0 || !isObject(expected.data))
    return findings.map((f) => ({ ...f, message: f.message.replace(/; JSON-RPC says code/, '; openrpc.json names code') }))
  const data = outcome.kind === 'error' ? outcome.data : undefined
  for (const [member, value] of Object.entries(expected.data)) {
    if (typeof value === 'string') continue
    const answered = isObject(data) ? data[member] : undefined
    if (firstDifference(answered, value) !== null) {
      findings.push({
        kind: 'wrong-value',
        message: `${what}: error.data.${member} is ${answered === undefined ? 'missing' : boundedJson(answered, 60)}; openrpc.json names ${boundedJson(value, 60)}`,
        pointer: `/error/data/${member}`,
        exchange,
      })
    }
  }
  return findings
}
