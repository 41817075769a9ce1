import { AsyncLocalStorage } from 'node:async_hooks'
import { boundEvidence, boundExchange, boundText, EVIDENCE_BYTES } from '../report/boundEvidence.js'
import type { Exchange } from '../transport/exchange.js'
import type { CheckResult, Level, ReportedFinding, RequirementId, ResultStatus } from '../report/result.js'
import { rankFindings, typed, type Finding, type FindingKind, type UntypedFinding } from '../checks/finding.js'
import { noteAnswers, restingAnswers } from './answerKey.js'
import { gotNoAnswer, LIVENESS_TIMEOUT_MS, type RunHealth, type TransportHealth } from '../transport/transportHealth.js'

/** The failure code of an exchange a transport refused to send because it judged the transport unusable. */
export const UNUSABLE_CODE = 'L2CONF_ERR_UNUSABLE'
/** Longest message and reproduce line kept in a result, in bytes (evidence has its own bound, EVIDENCE_BYTES). */
const MESSAGE_BYTES = 4 * 1024
const REPRODUCE_BYTES = 8 * 1024

/** The message of a check that started but never finished (run cancelled, or vitest's time-out). */
export const INCOMPLETE = 'the check did not complete'

/**
 * What a check is: a stable id, the one requirement it certifies and a one-line title. Its level is
 * the requirement's (the requirement table); `level`, when a check still states it, must agree.
 */
export interface CheckSpec {
  id: string
  requirement: RequirementId
  /** The requirement's level, filled in from the table; a check that states another is refused. */
  level?: Level
  title: string
}

/** A check as the run knows it: its spec with the level its requirement has in the table. */
export type DeclaredCheck = CheckSpec & { level: Level }

/** Findings a result keeps in report.json, and the bytes of each one's message there. */
const REPORTED_FINDINGS = 20
const FINDING_MESSAGE_BYTES = 1024

/** The latency of one exchange: all a check keeps of the exchanges it did not cite as evidence. */
export interface Latency {
  method: string
  transport: string
  ms: number
}

/**
 * The running state of one check: it collects findings (failures), findings of kind 'inconclusive'
 * (reasons the check could not decide), and the latency of every exchange made while it runs (numbers only: the exchanges themselves, with
 * their bodies, stay alive only as long as a finding cites them).
 */
export class Probe {
  /** What the check found wrong: any of them fails it. */
  readonly findings: Finding[] = []
  /** Why the check could not decide (kind 'inconclusive'): reported when nothing failed, never as passed. */
  readonly undecided: Finding[] = []
  readonly latencies: Latency[] = []
  readonly notes: string[] = []
  /** The check this probe runs for (transcripts file each exchange under it). */
  readonly check: DeclaredCheck | undefined
  /** When the check started among the process's checks: its requests' rank at the request gate (lower first). */
  readonly rank: number

  constructor(check?: DeclaredCheck) {
    this.check = check
    this.rank = probesStarted++
  }

  /** Adds findings (typically the return value of a judge); those of kind 'inconclusive' leave the check undecided. */
  add(findings: readonly UntypedFinding[]): void {
    for (const judged of findings.map(typed)) {
      // Judged: a finding keeps its exchange as evidence (boundExchange), not the whole body it cites.
      const finding = judged.exchange === undefined ? judged : { ...judged, exchange: boundExchange(judged.exchange) }
      ;(finding.kind === 'inconclusive' ? this.undecided : this.findings).push(finding)
    }
  }

  /** A finding made here, of `kind` ('violation' unless given); pass the exchange it is about as evidence. */
  fail(message: string, exchange?: Exchange, pointer?: string, kind: FindingKind = 'violation'): void {
    const finding: Finding = { kind, message }
    if (exchange !== undefined) finding.exchange = exchange
    if (pointer !== undefined) finding.pointer = pointer
    this.add([finding])
  }

  /** The check could not decide (e.g. the head moved under it): a finding of kind 'inconclusive'. */
  inconclusive(reason: string, exchange?: Exchange): void {
    this.fail(reason, exchange, undefined, 'inconclusive')
  }

  readonly measured: Record<string, number | string | boolean | null> = {}

  /** Records a measured property of the target (e.g. the largest accepted batch), reported under `limits`. */
  measure(name: string, value: number | string | boolean | null): void {
    this.measured[name] = value
  }

  /** A fact worth printing in the report whatever the outcome (e.g. what a node did where the spec is silent). */
  note(message: string): void {
    this.notes.push(message)
  }
}

const current = new AsyncLocalStorage<Probe>()
let probesStarted = 0

/**
 * The rank at the request gate of a request made now: its check's start order, so the requests of the
 * check that started first go first (RequestGate's rankOf); outside any check (the run's own probes), first of all.
 */
export function currentRank(): number {
  return current.getStore()?.rank ?? -1
}

/** Records an exchange against the check running in this async context (transports call this from onExchange). */
export function recordExchange(exchange: Exchange): void {
  current.getStore()?.latencies.push({ method: methodOf(exchange), transport: exchange.transport, ms: Math.round(exchange.durationMs * 10) / 10 })
}

/** The check running in this async context, if any (a transcript files the context's exchanges under it). */
export function currentCheck(): DeclaredCheck | undefined {
  return current.getStore()?.check
}

/** The status a check's outcome has at its level: MUST fails; SHOULD fails only under --strict; INFO never fails. */
export function statusFor(level: Level, failed: boolean, strict: boolean): ResultStatus {
  if (!failed) return 'passed'
  if (level === 'MUST' || (level === 'SHOULD' && strict)) return 'failed'
  return 'warning'
}

function methodOf(exchange: Exchange): string {
  const request = exchange.request as { method?: unknown; url?: unknown } | unknown[] | null
  if (Array.isArray(request)) return 'batch'
  if (request !== null && typeof request === 'object') {
    if (typeof request.method === 'string' && exchange.transport !== 'http') return request.method
    if (typeof request.method === 'string' && !('url' in request)) return request.method
    if (typeof request.url === 'string') return `${request.method as string} ${new URL(request.url).pathname}`
  }
  return exchange.requestIsRaw === true ? 'raw' : 'unknown'
}

function summarise(findings: readonly Finding[]): string {
  const shown = findings.slice(0, 3).map((f) => (f.pointer === undefined ? f.message : `${f.message} (at ${f.pointer})`))
  const more = findings.length > 3 ? `; and ${findings.length - 3} more` : ''
  return shown.join('; ') + more
}

/** The findings as report.json keeps them: kind, words (bounded) and pointer, the first REPORTED_FINDINGS. */
function reported(findings: readonly Finding[]): ReportedFinding[] {
  return findings.slice(0, REPORTED_FINDINGS).map((finding) => {
    const kept: ReportedFinding = { kind: finding.kind, message: boundText(finding.message, FINDING_MESSAGE_BYTES) }
    if (finding.pointer !== undefined) kept.pointer = finding.pointer
    return kept
  })
}

/** True when a finding comes from an exchange that was never sent because its transport was judged unusable. */
function fromUnusableTransport(finding: Finding): boolean {
  return (finding.exchange?.failure?.code as string | undefined) === UNUSABLE_CODE
}

/** A finding about a request that got no answer at all (no connection, a connection closed under it, none in time). */
function unanswered(finding: Finding): boolean {
  return gotNoAnswer(finding.exchange)
}

/** A finding about a request the target refused for its rate (429 past the retries, or asking to wait past the run). */
function throttledAway(finding: Finding): boolean {
  return (finding.exchange?.failure?.code as string | undefined) === 'L2CONF_ERR_RATE_LIMITED'
}

/** The health of the transport a finding's exchange went over, if the run keeps one. */
function healthOf(finding: Finding, health: RunHealth | undefined): TransportHealth | undefined {
  const exchange = finding.exchange
  if (health === undefined || exchange === undefined) return undefined
  return exchange.protocol === 'rest' ? health.rest : health[exchange.transport]
}

/** Cites `exchange` as a result's evidence (bounded) with the curl line that replays it. */
function cite(result: CheckResult, exchange: Exchange, reproduce: (exchange: Exchange) => string): void {
  result.evidence = boundEvidence(
    { request: exchange.request, response: exchange.response ?? exchange.rawResponse ?? exchange.failure ?? null },
    EVIDENCE_BYTES,
  )
  result.reproduce = boundText(reproduce(exchange), REPRODUCE_BYTES)
}

/** How long certify waits at most for a pending verdict on whether the target is alive. */
const SETTLE_MS = LIVENESS_TIMEOUT_MS + 1000

/**
 * Waits for the verdict on the target when a finding is about a request that got no answer: the
 * transport's liveness question may still be pending (bounded).
 */
async function settledHealth(findings: readonly Finding[], health: RunHealth | undefined): Promise<void> {
  const pending = findings.filter(unanswered).map((finding) => healthOf(finding, health)?.settled())
  if (pending.length === 0) return
  let timer: NodeJS.Timeout | undefined
  await Promise.race([Promise.all(pending), new Promise((resolve) => (timer = setTimeout(resolve, SETTLE_MS)))])
  clearTimeout(timer)
}

/**
 * Runs a check's body with a fresh Probe and turns the outcome into a CheckResult
 * (ARCHITECTURE.md report format). A body that throws is a failed check whose message says so:
 * an unexpected harness error must be visible, never swallowed. A check that could not decide is
 * 'inconclusive'; one whose only findings come from an unusable transport (exchanges never sent) is
 * 'not-run' with the transport's reason, while a finding from a real exchange still fails it.
 * Evidence is bounded (EVIDENCE_BYTES per exchange, noting the original size), and so are messages.
 */
export async function certify(
  spec: DeclaredCheck,
  body: (probe: Probe) => Promise<void>,
  options: {
    strict: boolean
    reproduce: (exchange: Exchange) => string
    /**
     * The run's transport health: a request that got no answer because the target had stopped
     * answering (its transport judged silent) is not the check's failure, as a request never sent
     * for it is not: such a check is not-run with the reason.
     */
    health?: RunHealth
  },
): Promise<CheckResult> {
  const probe = new Probe(spec)
  const started = performance.now()
  try {
    await current.run(probe, () => body(probe))
  } catch (error) {
    probe.fail(`the check could not complete: ${(error as Error).message ?? String(error)}`, undefined, undefined, 'check-crashed')
  }
  await settledHealth(probe.findings, options.health)
  const durationMs = Math.round(performance.now() - started)
  const level = spec.level
  const findings = rankFindings(probe.findings)
  const failed = findings.length > 0
  const notAnswered = (finding: Finding): boolean =>
    fromUnusableTransport(finding) || ((unanswered(finding) || throttledAway(finding)) && healthOf(finding, options.health)?.silence !== undefined)
  const result: CheckResult = {
    id: spec.id,
    requirement: spec.requirement,
    level,
    title: spec.title,
    status: statusFor(level, failed, options.strict),
    message: '',
    durationMs,
  }
  // A finding about an answer whose envelope was broken, on a transport condemned for its envelopes: RPC-ENVELOPE's, not this check's.
  const envelopeCaused = (finding: Finding): boolean => {
    const health = healthOf(finding, options.health)
    return (
      spec.requirement !== 'RPC-ENVELOPE' && health?.brokenEnvelope !== undefined && finding.exchange !== undefined && health.brokeEnvelope(finding.exchange)
    )
  }
  const unusable = failed && findings.every((finding) => notAnswered(finding) || envelopeCaused(finding))
  // Answers that broke the envelope so often that the transport was condemned: RPC-ENVELOPE's own
  // finding, with the first broken answer as evidence; to every other requirement, a reason it could not judge.
  const broken = unusable ? findings.map((finding) => healthOf(finding, options.health)?.brokenEnvelope).find((b) => b !== undefined) : undefined
  const envelopeIsTheFinding = broken !== undefined && spec.requirement === 'RPC-ENVELOPE'
  if (envelopeIsTheFinding) {
    result.message = boundText(`the answers break the JSON-RPC envelope: ${broken.evidence}`, MESSAGE_BYTES)
    result.findings = [{ kind: 'envelope', message: boundText(broken.evidence, FINDING_MESSAGE_BYTES) }]
    if (broken.exchange !== undefined) cite(result, broken.exchange, options.reproduce)
  } else if (unusable) {
    result.status = 'not-run'
    const silence = findings.map((finding) => healthOf(finding, options.health)?.silence).find((s) => s !== undefined)
    const stopped =
      silence === undefined
        ? 'the transport is unusable'
        : silence.kind === 'throttled'
          ? `the target refused to be certified now: ${silence.evidence}`
          : `the target stopped answering: ${silence.evidence}`
    const reason = findings.find(fromUnusableTransport)?.exchange?.failure?.message ?? stopped
    result.message = boundText(broken === undefined ? reason : `${reason} (RPC-ENVELOPE's finding: its checks fail on it)`, MESSAGE_BYTES)
  } else if (failed) {
    noteAnswers(result, restingAnswers(findings))
    result.message = summarise(findings)
    result.findings = reported(findings)
    const witness = findings.find((f) => f.exchange !== undefined && !notAnswered(f))?.exchange
    if (witness !== undefined) cite(result, witness, options.reproduce)
  } else if (probe.undecided.length > 0) {
    result.status = 'inconclusive'
    result.message = probe.undecided[0]!.message
    result.findings = reported(rankFindings(probe.undecided))
  } else {
    result.message = probe.notes.join('; ')
  }
  if (failed && !unusable && probe.notes.length > 0) result.message += ` (${probe.notes.join('; ')})`
  result.message = boundText(result.message, MESSAGE_BYTES)
  if (Object.keys(probe.measured).length > 0) result.measured = { ...probe.measured }
  if (probe.latencies.length > 0) result.latencies = probe.latencies
  return result
}
