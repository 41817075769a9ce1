import type { FindingKind } from '../checks/finding.js'
import type { LimitForm } from './limitForm.js'
import type { RequirementId } from '../requirements/requirementId.js'
import type { Level } from '../requirements/requirement.js'
import type { Coverage } from '../coverage/coverage.js'

/**
 * The result model of a run: what report.json, junit.xml and report.html are written from.
 * It follows ARCHITECTURE.md's report format; the optional fields below extend it compatibly
 * (a reader of the ARCHITECTURE.md format can ignore them).
 */
// The requirement table (harness/requirements/) defines both; the result model names them.
export type { Level, RequirementId }

/**
 * inconclusive: the check ran but could not decide (e.g. the head moved under it): not a pass; a MUST
 * check left inconclusive fails a --strict run. not-run: a selected check that never reached a verdict
 * (the run was interrupted, or the transport it needs was judged unusable); `message` says why.
 */
export type ResultStatus = 'passed' | 'failed' | 'skipped' | 'warning' | 'known-failure' | 'inconclusive' | 'not-run'

export interface Evidence {
  request: unknown
  response: unknown
}

export interface CheckResult {
  /** Stable check id, e.g. `range.order` or `standard.eth_chainId.http`. */
  id: string
  requirement: RequirementId
  level: Level
  title: string
  status: ResultStatus
  message: string
  evidence?: Evidence
  /** A shell line that reproduces the failing exchange (curl, or a wscat-style transcript). */
  reproduce?: string
  durationMs: number
  /** Latency of each exchange the check made, by JSON-RPC method or REST path (for the report's chart). */
  latencies?: Array<{ method: string; transport: string; ms: number }>
  /**
   * What the check found, ranked by kind (the most telling first), repeats left out: the failures of a
   * failed check, the reason of an inconclusive one. `message` is the same in words.
   */
  findings?: ReportedFinding[]
  /** What the check measured of the target (LIMITS discovery): gathered into the report's `limits`. */
  measured?: Record<string, number | string | boolean | null>
  /** Set by applyExpectations (--expect-failures) when an expectation matched this result. */
  expectation?: ExpectationNote
  /**
   * The id of the check whose failure rests on the same answer as this one's (findings grouped by
   * root cause): the first such check in the requirement table's order, which the reports print the
   * cause under. This check still failed; its findings are its own.
   */
  sameCauseAs?: string
}

/** One finding of a check as report.json keeps it: its kind, its words, and where in the answer. */
export interface ReportedFinding {
  kind: FindingKind
  message: string
  pointer?: string
}

/** How a listed known deviation (--expect-failures) touched one result. */
export interface ExpectationNote {
  /** The entry's pattern (a check id or requirement id glob). */
  match: string
  reason: string
  issue?: string
  expires?: string
  /**
   * known-failure: the result failed as expected; unexpected-pass: it passed, so the entry is stale;
   * expired: the entry's date has passed, so the failure counts again.
   */
  outcome: 'known-failure' | 'unexpected-pass' | 'expired'
}

export interface SpecInfo {
  path: string
  version: string
  sha256: string
}

/** The run's outcome in one word: what a CI gate reads. */
export type Verdict = 'pass' | 'fail' | 'nothing-certified' | 'interrupted'

/** The version of report.json's format (harness/report/report.schema.json); raised when a field changes meaning. */
export const REPORT_SCHEMA_VERSION = 2

export interface Report {
  /** The format's version (REPORT_SCHEMA_VERSION). */
  schemaVersion?: number
  /**
   * pass: every MUST (and under --strict every SHOULD) check passed; fail: one did not; nothing-certified:
   * no check reached a verdict (all skipped, inconclusive or not run); interrupted: the run stopped early.
   */
  verdict?: Verdict
  /** The exit code `l2conf run` ended with (0 pass, 1 otherwise; 3 unreachable). */
  exitCode?: number
  /** The --only / --skip globs of the run. */
  selection?: { only: string[]; skip: string[] }
  /** The options that shaped the run (secrets masked), e.g. runs, timeoutMs, concurrency, discover. */
  options?: Record<string, unknown>
  tool: { name: string; version: string }
  /** The Node.js that ran the checks (`process.version`, e.g. v22.23.3) and its platform: part of what a certificate was made with. */
  runtime?: { node: string; platform: string; arch: string }
  target: { rpc: string | null; ws: string | null; rest: string | null }
  profile: 'read-only' | 'full'
  seed: number
  startedAt: string
  durationMs: number
  specs: { openrpc: SpecInfo; openapi: SpecInfo }
  summary: { passed: number; failed: number; skipped: number; warnings: number; knownFailures: number; inconclusive?: number; notRun?: number }
  /** Set when the run did not finish (SIGINT, overall time-out): the results are what ran. */
  interrupted?: string
  /** Set when --max-failures (--fail-fast) stopped the run: the checks not reached are not-run; the verdict is fail. */
  stopped?: string
  /** Set on a partial report of a sharded run (--shard i/n): its slice, and every check of the whole run (so a merge names the missing). */
  shard?: { index: number; count: number; catalogue: CatalogueEntry[] }
  /** Set on a report `l2conf merge` made: the partial reports it joined and what they lacked or repeated. */
  merged?: MergeNote
  /** True when the run used --strict (a failing SHOULD check is 'failed', not 'warning'). */
  strict?: boolean
  /** The limits the target was measured to enforce (LIMITS discovery), e.g. {maxBatchItems: 1000}. */
  limits?: Record<string, number | string | boolean | null>
  /**
   * What each bound of `limits` is (limitForm): `exact`, the target's own; `at-least`, a lower bound
   * only (`>=N`: the cap was accepted, or the search was cut short, by its time budget or an answer
   * that said nothing); `at-most`, an upper bound only (`<=N`). Absent from older reports.
   */
  limitForms?: Record<string, LimitForm>
  /** Notices about the run itself, e.g. "TLS certificates were not verified (--insecure)". */
  warnings?: string[]
  /** What --expect-failures did: entries that are stale (passed) or matched nothing. */
  expectations?: ExpectationsSummary
  /** Set by `l2conf check` of a folder of fixtures: what each exchange was judged against, so a pass says what it means. */
  judged?: JudgedExchanges
  /**
   * The client libraries' matrix (CLIENT-COMPAT): each library at its version, each operation, the
   * status of the check of each pair. Derived from `results` when report.json is written (clientMatrix).
   */
  clients?: ClientMatrix
  results: CheckResult[]
  /**
   * What of the specs the run exercised: every method and REST operation, called or not, with its
   * transports, examples, params, schema branches, errors and statuses (harness/coverage/). Absent
   * only from reports written before it existed.
   */
  coverage?: Coverage
  /** Set by `l2conf proxy`: the live traffic it forwarded and what it did not charge to the node. */
  proxy?: ProxyTraffic
}

/** Which client library did what (CLIENT-COMPAT): the libraries and their versions, the operations, a cell per pair run. */
export interface ClientMatrix {
  libraries: Array<{ name: string; version: string }>
  operations: string[]
  cells: Array<{ library: string; operation: string; check: string; status: ResultStatus }>
}

/**
 * How the exchanges of a folder of fixtures were judged offline (`l2conf check DIR` without a
 * transcript.json): against their method in the spec, or, their method not being in it, on the
 * JSON-RPC envelope alone. A result counted as passed means something different in each.
 */
export interface JudgedExchanges {
  /** The fixture files; `envelopeOnly` of them have no exchange judged against the spec. */
  files: { total: number; envelopeOnly: number }
  exchanges: {
    total: number
    /**
     * Every method of the exchange is in the spec: each answer judged against its method (a result
     * against the result schema, an error for its shape only: `errorAnswers` of them).
     */
    againstSpec: { total: number; passed: number; failed: number; errorAnswers: number }
    /** A method of the exchange is not in the spec (`methods`, sorted): judged on the JSON-RPC envelope only. */
    envelopeOnly: { total: number; passed: number; failed: number; methods: string[] }
  }
}

/**
 * What `l2conf proxy` forwarded (report.json's `proxy`): exchanges by transport, violations in all,
 * and what it did not charge to the node: the clients' own malformed requests, requests the upstream
 * never answered, answers forwarded but not judged (past `judgeBytes`), requests that were no JSON-RPC POST.
 */
export interface ProxyTraffic {
  exchanges: { http: number; ws: number; rest: number; notifications: number; total: number }
  violations: number
  clientFaults: number
  upstreamFailures: number
  unjudged: number
  notRpc: number
  judgeBytes: number
}

/** The run-level outcome of --expect-failures, so the operator can prune the file. */
export interface ExpectationsSummary {
  file: string
  /** Check ids that passed although an entry listed them as failing. */
  unexpectedPasses: string[]
  /** Patterns of entries that matched no result of the run. */
  unmatched: string[]
  /** Patterns of entries whose expiry date has passed (their failures count again). */
  expired?: string[]
}

/** How `l2conf merge` made a report from partial ones (ARCHITECTURE.md, the report). */
export interface MergeNote {
  /** The report directories merged, as given. */
  sources: string[]
  /** Check ids no partial report holds (a shard not given, or one that failed to run). */
  missing: string[]
  /** Check ids more than one partial report holds (a shard given twice, or overlapping runs). */
  duplicated: string[]
}

/** A check the suites declare, as a sharded report lists the whole run's checks. */
export interface CatalogueEntry {
  id: string
  requirement: RequirementId
  level: Level
  title: string
}
