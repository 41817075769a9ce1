import { AsyncLocalStorage } from 'node:async_hooks'
import type { Exchange } from '../transport/exchange.js'
import type { CheckResult, Level, RequirementId, ResultStatus } from '../report/result.js'

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

/**
 * The running state of one check: it collects findings, a reason to call the check inconclusive,
 * and every exchange made while it runs (for latencies).
 */
export class Probe {
  readonly findings: Finding[] = []
  readonly exchanges: Exchange[] = []
  readonly notes: string[] = []
  inconclusiveReason: string | null = null

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

  /** The check could not decide (e.g. the head moved under it); reported as skipped, never as failed. */
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
  current.getStore()?.exchanges.push(exchange)
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

/**
 * Runs a check's body with a fresh Probe and turns the outcome into a CheckResult
 * (DESIGN.md report format). A body that throws is a failed check whose message says so:
 * an unexpected harness error must be visible, never swallowed.
 */
export async function certify(
  spec: CheckSpec,
  body: (probe: Probe) => Promise<void>,
  options: { strict: boolean; reproduce: (exchange: Exchange) => string },
): Promise<CheckResult> {
  const probe = new Probe()
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
  if (failed) {
    result.message = summarise(probe.findings)
    const witness = probe.findings.find((f) => f.exchange !== undefined)?.exchange
    if (witness !== undefined) {
      result.evidence = { request: witness.request, response: witness.response ?? witness.rawResponse ?? witness.failure ?? null }
      result.reproduce = options.reproduce(witness)
    }
  } else if (probe.inconclusiveReason !== null) {
    result.status = 'skipped'
    result.inconclusive = true
    result.message = `inconclusive: ${probe.inconclusiveReason}`
  } else {
    result.message = probe.notes.join('; ')
  }
  if (failed && probe.notes.length > 0) result.message += ` (${probe.notes.join('; ')})`
  if (Object.keys(probe.measured).length > 0) result.measured = { ...probe.measured }
  if (probe.exchanges.length > 0) {
    result.latencies = probe.exchanges.map((e) => ({ method: methodOf(e), transport: e.transport, ms: Math.round(e.durationMs * 10) / 10 }))
  }
  return result
}
