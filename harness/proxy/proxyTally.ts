import { boundExchange, boundValue, EVIDENCE_BYTES } from '../report/boundEvidence.js'
import type { Finding } from '../checks/finding.js'
import type { RequirementId } from '../report/result.js'
import type { Exchange } from '../transport/exchange.js'
import { UnsolicitedFrames } from '../transport/transportHealth.js'
import type { LiveVerdict } from './liveJudge.js'

/** Violating exchanges kept per requirement as evidence (the count is exact): a few, as in a run. */
export const SAMPLES_PER_REQUIREMENT = 3
/** Distinct findings kept per requirement for the report (the count of violations is exact). */
export const FINDINGS_PER_REQUIREMENT = 20
/** Samples kept of what the proxy did not charge to the node (client faults, upstream failures, unjudged answers). */
export const NOTE_SAMPLES = 3
/** Method names the spec lacks, remembered to be named in the report (the count is exact). */
const UNKNOWN_METHODS_KEPT = 50
const NOTE_CHARS = 300

/** One requirement as live traffic judged it: how many exchanges, how many broke it, a few findings with their exchanges. */
export interface RequirementTally {
  judged: number
  violations: number
  /** Exchanges whose judges could not decide (a REST body without the totals its schema states...). */
  inconclusive: number
  /** The first distinct findings, each with its exchange bounded (a few exchanges in all). */
  findings: Finding[]
}

/** A count and a few samples of something the proxy saw but did not charge to a requirement. */
export interface NotedTally {
  count: number
  samples: string[]
}

/** Exchanges forwarded, by how they travelled. */
export interface TrafficCounts {
  http: number
  ws: number
  rest: number
  /** eth_subscription notifications forwarded (WebSocket). */
  notifications: number
}

const note = (tally: NotedTally, text: string): void => {
  tally.count++
  if (tally.samples.length < NOTE_SAMPLES) tally.samples.push(text.length > NOTE_CHARS ? `${text.slice(0, NOTE_CHARS)}…` : text)
}

/** An exchange as evidence: its answer bounded (boundExchange) and, the client's own being unbounded, its request too. */
function evidenceOf(exchange: Exchange): Exchange {
  const bounded = boundExchange(exchange)
  const request = boundValue(exchange.request, EVIDENCE_BYTES / 2)
  return request === exchange.request ? bounded : { ...bounded, request }
}

/**
 * What the proxy saw over its life, in bounded memory however long it runs (ARCHITECTURE.md, the
 * proxy): counters, per requirement the number of exchanges judged and violating it, a few findings
 * with bounded evidence, and a few samples of what was not charged to the node. Never the traffic.
 */
export class ProxyTally {
  readonly startedAt = new Date()
  readonly traffic: TrafficCounts = { http: 0, ws: 0, rest: 0, notifications: 0 }
  readonly requirements = new Map<RequirementId, RequirementTally>()
  /** Requests that were the client's own mistake (not JSON, not a request object). */
  readonly clientFaults: NotedTally = { count: 0, samples: [] }
  /** Requests the upstream never answered (the client got a 502 or a closed WebSocket). */
  readonly upstreamFailures: NotedTally = { count: 0, samples: [] }
  /** Answers forwarded but not judged: larger than the judging bound, or cut off mid-way. */
  readonly unjudged: NotedTally = { count: 0, samples: [] }
  /** Requests sent to the JSON-RPC endpoint that are not a JSON-RPC POST (another method or content type): forwarded, not judged. */
  readonly notRpc: NotedTally = { count: 0, samples: [] }
  /** WebSocket frames that answered nothing asked (RPC-WS) or notified of a subscription never opened or cancelled (RPC-SUBSCRIBE). */
  readonly unsolicited = new UnsolicitedFrames()
  /** eth_subscription notifications judged against the subscriptions open on their connection. */
  notificationsJudged = 0
  readonly #unknownMethods = new Set<string>()
  unknownMethodCalls = 0
  /** Violations since the last summary line, by requirement. */
  #sinceSummary = new Map<RequirementId, number>()
  #exchangesSinceSummary = 0
  /** Hears every judged exchange (the metrics count violations by method); must not throw. */
  onRecord: ((verdict: LiveVerdict, transport: 'http' | 'ws' | 'rest', exchange: Exchange) => void) | undefined

  /** Counts one forwarded exchange and what its judges found. */
  record(verdict: LiveVerdict, transport: 'http' | 'ws' | 'rest', exchange: Exchange): void {
    this.onRecord?.(verdict, transport, exchange)
    this.count(transport)
    if (verdict.clientFault !== null) note(this.clientFaults, `${transport}: ${verdict.clientFault.reason}`)
    if (verdict.refused !== undefined) note(this.unjudged, `${transport}: ${verdict.refused}`)
    for (const method of verdict.unknownMethods) {
      this.unknownMethodCalls++
      if (this.#unknownMethods.size < UNKNOWN_METHODS_KEPT) this.#unknownMethods.add(method.slice(0, 80))
    }
    // One exchange counts once per requirement, whatever number of calls of a batch it held.
    const byRequirement = new Map<RequirementId, Finding[]>()
    for (const part of verdict.parts) byRequirement.set(part.requirement, [...(byRequirement.get(part.requirement) ?? []), ...part.findings])
    for (const [requirement, findings] of byRequirement) this.#judged(requirement, findings, exchange)
  }

  /** Counts one exchange forwarded (judged or not). */
  count(transport: 'http' | 'ws' | 'rest'): void {
    this.traffic[transport]++
    this.#exchangesSinceSummary++
  }

  #judged(requirement: RequirementId, findings: Finding[], exchange: Exchange | undefined): void {
    let tally = this.requirements.get(requirement)
    if (tally === undefined) this.requirements.set(requirement, (tally = { judged: 0, violations: 0, inconclusive: 0, findings: [] }))
    tally.judged++
    const failing = findings.filter((f) => f.kind !== 'inconclusive')
    if (failing.length === 0) {
      if (findings.length > 0) tally.inconclusive++
      return
    }
    tally.violations++
    this.#sinceSummary.set(requirement, (this.#sinceSummary.get(requirement) ?? 0) + 1)
    const cited = new Set(tally.findings.map((f) => f.exchange).filter((e) => e !== undefined))
    for (const finding of failing) {
      if (tally.findings.length >= FINDINGS_PER_REQUIREMENT) break
      if (tally.findings.some((kept) => kept.kind === finding.kind && kept.message === finding.message)) continue
      const witness = finding.exchange ?? exchange
      // Evidence of a few exchanges per requirement: later findings keep their words, not their exchange.
      if (witness !== undefined && (cited.size < SAMPLES_PER_REQUIREMENT || cited.has(witness))) {
        cited.add(witness)
        tally.findings.push({ ...finding, exchange: evidenceOf(witness) })
      } else {
        const { exchange: _dropped, ...words } = finding
        tally.findings.push(words)
      }
    }
  }

  /** A WebSocket frame nobody asked for: an answer to no request in flight (RPC-WS), a notification of no open subscription (RPC-SUBSCRIBE). */
  unsolicitedFrame(kind: 'responses' | 'notifications', text: string, firstOnConnection: boolean): void {
    this.unsolicited.add(kind, text, firstOnConnection)
    const requirement: RequirementId = kind === 'responses' ? 'RPC-WS' : 'RPC-SUBSCRIBE'
    this.#sinceSummary.set(requirement, (this.#sinceSummary.get(requirement) ?? 0) + 1)
  }

  noteClientFault(text: string): void {
    note(this.clientFaults, text)
  }

  noteUpstreamFailure(text: string): void {
    note(this.upstreamFailures, text)
  }

  noteUnjudged(text: string): void {
    note(this.unjudged, text)
  }

  noteNotRpc(text: string): void {
    note(this.notRpc, text)
  }

  get unknownMethods(): string[] {
    return [...this.#unknownMethods].sort()
  }

  /** Exchanges forwarded in all. */
  get exchanges(): number {
    return this.traffic.http + this.traffic.ws + this.traffic.rest
  }

  /** Violations in all (every requirement). */
  get violations(): number {
    let sum = 0
    for (const tally of this.requirements.values()) sum += tally.violations
    return sum + this.unsolicited.responses.count + this.unsolicited.notifications.count
  }

  /** What happened since the last call: exchanges, and violations by requirement (for the summary line); starts a new period. */
  takePeriod(): { exchanges: number; violations: Map<RequirementId, number> } {
    const period = { exchanges: this.#exchangesSinceSummary, violations: this.#sinceSummary }
    this.#exchangesSinceSummary = 0
    this.#sinceSummary = new Map()
    return period
  }
}
