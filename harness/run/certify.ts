import { AsyncLocalStorage } from 'node:async_hooks'
import { boundEvidence, boundText, EVIDENCE_BYTES } from '../report/boundEvidence.js'
import type { Exchange } from '../transport/exchange.js'
import type { CheckResult, Level, RequirementId, ResultStatus } from '../report/result.js'

/** The failure code of an exchange a transport refused to send because it judged the transport unusable. */
export const UNUSABLE_CODE = 'L2CONF_ERR_UNUSABLE'
/** Longest message and reproduce line kept in a result, in bytes (evidence has its own bound, EVIDENCE_BYTES). */
const MESSAGE_BYTES = 4 * 1024
const REPRODUCE_BYTES = 8 * 1024

/** The message of a check that started but never finished (run cancelled, or vitest's time-out). */
export const INCOMPLETE = 'the check did not complete'

/** What a check is: a stable id, the requirement it certifies, its level and a one-line title. */
export interface CheckSpec {
  id: string
  requirement: RequirementId
  level: Level
  title: string
}

/** One thing found wrong, with the evidence that shows it. */
export interface Finding {
  message: string
  exchange?: Exchange
  /** JSON pointer into the response, where the problem is. */
  pointer?: string
}

/** The latency of one exchange: all a check keeps of the exchanges it did not cite as evidence. */
export interface Latency {
  method: string
  transport: string
  ms: number
}

/**
 * The running state of one check: it collects findings, a reason to call the check inconclusive,
 * and the latency of every exchange made while it runs (numbers only: the exchanges themselves, with
 * their bodies, stay alive only as long as a finding cites them).
 */
export class Probe {
  readonly findings: Finding[] = []
  readonly latencies: Latency[] = []
  readonly notes: string[] = []
  inconclusiveReason: string | null = null
  /** The check this probe runs for (transcripts file each exchange under it). */
  readonly check: CheckSpec | undefined

  constructor(check?: CheckSpec) {
    this.check = check
  }

  /** Adds findings (typically the return value of a named check function). */
  add(findings: readonly Finding[]): void {
    this.findings.push(...findings)
  }

  fail(message: string, exchange?: Exchange, pointer?: string): void {
    const finding: Finding = { message }
    if (exchange !== undefined) finding.exchange = exchange
    if (pointer !== undefined) finding.pointer = pointer
    this.findings.push(finding)
  }

  /** The check could not decide (e.g. the head moved under it); reported as inconclusive, never as passed. */
  inconclusive(reason: string): void {
    this.inconclusiveReason ??= reason
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

/** Records an exchange against the check running in this async context (transports call this from onExchange). */
export function recordExchange(exchange: Exchange): void {
  current.getStore()?.latencies.push({ method: methodOf(exchange), transport: exchange.transport, ms: Math.round(exchange.durationMs * 10) / 10 })
}

/** The check running in this async context, if any (a transcript files the context's exchanges under it). */
export function currentCheck(): CheckSpec | undefined {
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

function summarise(findings: Finding[]): string {
  const shown = findings.slice(0, 3).map((f) => (f.pointer === undefined ? f.message : `${f.message} (at ${f.pointer})`))
  const more = findings.length > 3 ? `; and ${findings.length - 3} more` : ''
  return shown.join('; ') + more
}

/** True when a finding comes from an exchange that was never sent because its transport was judged unusable. */
function fromUnusableTransport(finding: Finding): boolean {
  return (finding.exchange?.failure?.code as string | undefined) === UNUSABLE_CODE
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
  spec: CheckSpec,
  body: (probe: Probe) => Promise<void>,
  options: { strict: boolean; reproduce: (exchange: Exchange) => string },
): Promise<CheckResult> {
  const probe = new Probe(spec)
  const started = performance.now()
  try {
    await current.run(probe, () => body(probe))
  } catch (error) {
    probe.fail(`the check could not complete: ${(error as Error).message ?? String(error)}`)
  }
  const durationMs = Math.round(performance.now() - started)
  const failed = probe.findings.length > 0
  const result: CheckResult = {
    id: spec.id,
    requirement: spec.requirement,
    level: spec.level,
    title: spec.title,
    status: statusFor(spec.level, failed, options.strict),
    message: '',
    durationMs,
  }
  const unusable = failed && probe.findings.every(fromUnusableTransport)
  if (unusable) {
    result.status = 'not-run'
    result.message = boundText(probe.findings[0]?.exchange?.failure?.message ?? 'the transport is unusable', MESSAGE_BYTES)
  } else if (failed) {
    result.message = summarise(probe.findings)
    const witness = probe.findings.find((f) => f.exchange !== undefined && !fromUnusableTransport(f))?.exchange
    if (witness !== undefined) {
      result.evidence = boundEvidence({ request: witness.request, response: witness.response ?? witness.rawResponse ?? witness.failure ?? null }, EVIDENCE_BYTES)
      result.reproduce = boundText(options.reproduce(witness), REPRODUCE_BYTES)
    }
  } else if (probe.inconclusiveReason !== null) {
    result.status = 'inconclusive'
    result.message = probe.inconclusiveReason
  } else {
    result.message = probe.notes.join('; ')
  }
  if (failed && !unusable && probe.notes.length > 0) result.message += ` (${probe.notes.join('; ')})`
  result.message = boundText(result.message, MESSAGE_BYTES)
  if (Object.keys(probe.measured).length > 0) result.measured = { ...probe.measured }
  if (probe.latencies.length > 0) result.latencies = probe.latencies
  return result
}
