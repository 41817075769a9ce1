import { rankFindings, type Finding } from '../checks/finding.js'
import { boundEvidence, boundText, EVIDENCE_BYTES } from '../report/boundEvidence.js'
import { exitCodeFor, verdictOf } from '../report/exitCode.js'
import { REPORT_SCHEMA_VERSION, type CheckResult, type Report, type SpecInfo } from '../report/result.js'
import { summarize } from '../report/summarize.js'
import { requirements } from '../requirements/index.js'
import { statusFor } from '../run/certify.js'
import { unsolicitedFindings } from '../checks/unsolicitedFindings.js'
import { reproduceCommand } from '../transport/reproduce.js'
import type { Coverage } from '../coverage/coverage.js'
import type { ProxyTally, RequirementTally } from './proxyTally.js'

/** Findings report.json keeps per result, and the bound of each one's words (as a run's results). */
const REPORTED_FINDINGS = 20
const FINDING_MESSAGE_BYTES = 1024
const REPRODUCE_BYTES = 8 * 1024

/**
 * What the proxy cannot judge from clients' traffic alone: the requirements whose question needs
 * requests the suite chooses (a tag against a known head, one method against another, the state a
 * blocked call must leave unchanged, a sequence of one method's answers).
 */
export const NOT_JUDGED_LIVE =
  'RANGE-TAGS, RANGE-CONSISTENT, RANGE-INVALID, INFO-PROGRESS, GAS-CONSISTENT, CHAIN-INTEGRITY, SENDRAW, CLIENT-COMPAT, LIMITS, SPEC-VALID and BLOCKED-SENDTX\'s "changes no state" need requests the suite chooses: `l2conf run` judges them'

/** What a proxy report says about where it stood and what it judged against. */
export interface ProxyReportContext {
  target: Report['target']
  specs: { openrpc: SpecInfo; openapi: SpecInfo }
  tool: { name: string; version: string }
  strict: boolean
  /** The proxy's own settings, for report.json's options (addresses masked). */
  options: Record<string, unknown>
  /** The bound up to which an answer is judged, in bytes (said in the report when an answer passed it). */
  judgeBytes: number
  /** Why the report was written now (a signal, --duration, a request for it). */
  reason: string
  /** What the traffic covered of the specs (harness/coverage/). */
  coverage: Coverage
}

/** The words of one result: how many exchanges were judged, how many broke the requirement, the first findings. */
function messageOf(tally: RequirementTally, findings: readonly Finding[]): string {
  const counted = `${tally.judged} exchange(s) of live traffic judged`
  if (tally.violations === 0)
    return tally.inconclusive === 0 ? `${counted}, none violated it` : `${counted}, none violated it; ${tally.inconclusive} could not be decided`
  const shown = findings.slice(0, 3).map((f) => (f.pointer === undefined ? f.message : `${f.message} (at ${f.pointer})`))
  return `${counted}, ${tally.violations} violated it: ${shown.join('; ')}${findings.length > 3 ? `; and ${findings.length - 3} more` : ''}`
}

/** One result per requirement the traffic was judged against (id `proxy.<requirement>`), in the table's order. */
function requirementResults(tally: ProxyTally, strict: boolean): CheckResult[] {
  const results: CheckResult[] = []
  for (const row of requirements) {
    const judged = tally.requirements.get(row.id)
    if (judged === undefined) continue
    const findings = rankFindings(judged.findings)
    const failed = judged.violations > 0
    const result: CheckResult = {
      id: `proxy.${row.id}`,
      requirement: row.id,
      level: row.level,
      title: `${row.text} (judged on live traffic)`,
      status: failed ? statusFor(row.level, true, strict) : judged.inconclusive === judged.judged ? 'inconclusive' : 'passed',
      message: boundText(messageOf(judged, findings), 4 * 1024),
      durationMs: 0,
    }
    if (findings.length > 0)
      result.findings = findings.slice(0, REPORTED_FINDINGS).map((finding) => ({
        kind: finding.kind,
        message: boundText(finding.message, FINDING_MESSAGE_BYTES),
        ...(finding.pointer === undefined ? {} : { pointer: finding.pointer }),
      }))
    const witness = findings.find((f) => f.exchange !== undefined)?.exchange
    if (witness !== undefined) {
      result.evidence = boundEvidence(
        { request: witness.request, response: witness.response ?? witness.rawResponse ?? witness.failure ?? null },
        EVIDENCE_BYTES,
      )
      result.reproduce = boundText(reproduceCommand(witness), REPRODUCE_BYTES)
    }
    results.push(result)
  }
  return results
}

/** RPC-WS and RPC-SUBSCRIBE over every WebSocket connection: frames nobody asked for, as the run's own checks judge them. */
function unsolicitedResults(tally: ProxyTally, strict: boolean): CheckResult[] {
  if (tally.traffic.ws === 0 && tally.traffic.notifications === 0) return []
  const rows = [
    {
      id: 'proxy.ws.unsolicited-responses',
      requirement: 'RPC-WS' as const,
      title: 'no response arrives for an id no request carried (judged on live traffic)',
      findings: unsolicitedFindings(tally.unsolicited.responses, 'response(s) to ids no request carried arrived'),
    },
    {
      id: 'proxy.subscribe.unsolicited-notifications',
      requirement: 'RPC-SUBSCRIBE' as const,
      title: 'no notification arrives for a subscription never opened or already cancelled (judged on live traffic)',
      findings: unsolicitedFindings(tally.unsolicited.notifications, 'notification(s) for subscriptions never opened (or cancelled) arrived'),
    },
  ]
  return rows.map((row) => {
    const level = requirements.find((r) => r.id === row.requirement)!.level
    const failed = row.findings.length > 0
    const result: CheckResult = {
      id: row.id,
      requirement: row.requirement,
      level,
      title: row.title,
      status: statusFor(level, failed, strict),
      message: failed
        ? boundText(row.findings[0]!.message, 4 * 1024)
        : `${tally.traffic.ws} WebSocket exchange(s) and ${tally.traffic.notifications} notification(s) forwarded, none unasked`,
      durationMs: 0,
    }
    if (failed) result.findings = row.findings.map((f) => ({ kind: f.kind, message: boundText(f.message, FINDING_MESSAGE_BYTES) }))
    return result
  })
}

/** The notices of a proxy report: what was not judged or not charged to the node, and why. */
function notices(tally: ProxyTally, judgeBytes: number): string[] {
  const out: string[] = []
  const samples = (samples: string[]): string => (samples.length === 0 ? '' : `, e.g. ${samples.map((s) => JSON.stringify(s)).join('; ')}`)
  if (tally.exchanges === 0) out.push('no exchange went through the proxy: nothing was certified')
  if (tally.upstreamFailures.count > 0)
    out.push(
      `the upstream did not answer ${tally.upstreamFailures.count} request(s) (the client got HTTP 502 or a closed WebSocket)${samples(tally.upstreamFailures.samples)}`,
    )
  if (tally.clientFaults.count > 0)
    out.push(
      `${tally.clientFaults.count} request(s) were the clients' own mistakes (not JSON, or not a JSON-RPC request object): not charged to the node; its answers were judged for the error code JSON-RPC names (RPC-ERRORS)${samples(tally.clientFaults.samples)}`,
    )
  if (tally.notRpc.count > 0)
    out.push(`${tally.notRpc.count} request(s) to the JSON-RPC endpoint were not a JSON-RPC POST: forwarded, not judged${samples(tally.notRpc.samples)}`)
  if (tally.unjudged.count > 0)
    out.push(
      `${tally.unjudged.count} exchange(s) were forwarded whole but not judged: an answer past the judging bound of ${Math.round(judgeBytes / (1024 * 1024))} MiB is streamed to the client and left unjudged, as is one cut off mid-way${samples(tally.unjudged.samples)}`,
    )
  if (tally.unknownMethodCalls > 0)
    out.push(
      `${tally.unknownMethodCalls} call(s) named methods the spec does not define, judged on the JSON-RPC envelope only: ${tally.unknownMethods.join(', ')}`,
    )
  out.push(`not judged on live traffic: ${NOT_JUDGED_LIVE}`)
  return out
}

/**
 * The proxy's report.json (the run's format, harness/report/report.schema.json): one result per
 * requirement the traffic was judged against, failed when an exchange violated it, with a few
 * exchanges as evidence; the verdict and exit code by the run's rule, so a proxy that saw no
 * traffic certified nothing (exit 1), never a pass.
 */
export function proxyReport(tally: ProxyTally, context: ProxyReportContext): Report {
  const results = [...requirementResults(tally, context.strict), ...unsolicitedResults(tally, context.strict)]
  const order = new Map(requirements.map((row, index) => [row.id, index]))
  results.sort((a, b) => (order.get(a.requirement) ?? 0) - (order.get(b.requirement) ?? 0))
  const report: Report = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: context.tool,
    runtime: { node: process.version, platform: process.platform, arch: process.arch },
    target: context.target,
    profile: 'read-only',
    seed: 0,
    startedAt: tally.startedAt.toISOString(),
    durationMs: Date.now() - tally.startedAt.getTime(),
    specs: context.specs,
    selection: { only: [], skip: [] },
    options: { ...context.options, strict: context.strict, reportReason: context.reason },
    summary: summarize(results),
    warnings: notices(tally, context.judgeBytes),
    proxy: {
      exchanges: { ...tally.traffic, total: tally.exchanges },
      violations: tally.violations,
      clientFaults: tally.clientFaults.count,
      upstreamFailures: tally.upstreamFailures.count,
      unjudged: tally.unjudged.count,
      notRpc: tally.notRpc.count,
      judgeBytes: context.judgeBytes,
    },
    coverage: context.coverage,
    results,
  }
  if (context.strict) report.strict = true
  report.verdict = verdictOf(report, { strict: context.strict })
  report.exitCode = exitCodeFor(report, { strict: context.strict })
  return report
}
