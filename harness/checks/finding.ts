import type { Exchange } from '../transport/exchange.js'

/**
 * What a finding says is wrong, as data: reports rank and deduplicate by it, and a reader (or a
 * later tool) can count findings of one kind without parsing their messages. In rank order, the
 * most telling first (a check that crashed or got no answer says more than a value that is off).
 */
export const FINDING_KINDS = [
  /** The check's body or judge threw: it cannot vouch for the answer. */
  'check-crashed',
  /** No usable answer: a time-out, a closed connection, a body that is not JSON. */
  'no-answer',
  /** The JSON-RPC envelope is broken: jsonrpc, result/error, the error object's shape. */
  'envelope',
  /** The response answers another id than the request's, or none. */
  'envelope-id-mismatch',
  /** A batch answered with something other than one response per request. */
  'batch-mismatch',
  /** A result where the requirement asks for an error. */
  'unexpected-result',
  /** An error where the requirement asks for a result. */
  'unexpected-error',
  /** An error without an integer code and a string message. */
  'malformed-error',
  /** An error, but not with the code the specification names. */
  'wrong-error-code',
  /** An HTTP status other than the one required. */
  'wrong-http-status',
  /** A content type other than JSON. */
  'wrong-content-type',
  /** A value invalid against its schema in openrpc.json or openapi.yaml. */
  'schema-violation',
  /** A blocked method weighed the request instead of refusing it. */
  'not-blocked',
  /** A call that must change nothing changed state. */
  'state-changed',
  /** A value that breaks the requirement's rule (count, order, a stale or backward counter, a wrong hash). */
  'wrong-value',
  /** Two answers that must agree do not (one method against another, HTTP against WebSocket). */
  'inconsistent',
  /** A notification that should have arrived did not. */
  'missing-notification',
  /** Something arrived that was never asked for. */
  'unsolicited',
  /** The specs themselves: invalid against their meta-schemas, or missing what a check needs. */
  'spec-problem',
  /** A finding that names no kind (a check written before kinds, or one of its own). */
  'violation',
  /** The check could not decide (the head moved, nothing to compare): never a pass, never a failure. */
  'inconclusive',
] as const

export type FindingKind = (typeof FINDING_KINDS)[number]

/** One thing found wrong, with the evidence that shows it. */
export interface Finding {
  kind: FindingKind
  /** What a person reads in the reports. */
  message: string
  exchange?: Exchange
  /** JSON pointer into the response, where the problem is. */
  pointer?: string
  /** What the requirement asks for, when it is one value (an error code, a status, a count). */
  expected?: unknown
  /** What the target answered instead. */
  got?: unknown
}

/**
 * A finding as checks written before kinds make it: `kind` may be left out (it is then 'violation').
 * Probe.add and Probe.fail accept it, so such checks keep compiling; new judges return Finding.
 */
export type UntypedFinding = Omit<Finding, 'kind'> & { kind?: FindingKind }

/** The finding with its kind, 'violation' when it names none. */
export function typed(finding: UntypedFinding): Finding {
  return finding.kind === undefined ? { ...finding, kind: 'violation' } : (finding as Finding)
}

/** Where a kind stands in FINDING_KINDS: lower is more telling. */
export function kindRank(kind: FindingKind): number {
  const index = FINDING_KINDS.indexOf(kind)
  return index === -1 ? FINDING_KINDS.length : index
}

/**
 * Findings ranked by kind (the most telling first, a stable order within a kind) with repeats left
 * out: the same kind, message and pointer said twice say it once.
 */
export function rankFindings(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>()
  const unique = findings.filter((finding) => {
    const key = `${finding.kind}\u0000${finding.message}\u0000${finding.pointer ?? ''}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  return unique
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => kindRank(a.finding.kind) - kindRank(b.finding.kind) || a.index - b.index)
    .map(({ finding }) => finding)
}
