import type { SpecInfo } from '../report/result.js'
import type { Difference } from './compareAnswers.js'
import type { DiffSource } from './diffCase.js'

/** One side's answer to a differing request, as the report shows it. */
export interface DiffSideEvidence {
  /** The JSON value (or REST status and body) it answered, or what went wrong; truncated past MAX_EVIDENCE_CHARS. */
  answer: unknown
  /** A curl line (or WebSocket transcript) that asks that side the same question. */
  reproduce: string
}

/** A request the two targets answered differently. */
export interface DiffFinding {
  transport: 'http' | 'ws' | 'rest'
  source: DiffSource
  label: string
  params: unknown
  difference: Difference
  left: DiffSideEvidence
  right: DiffSideEvidence
}

/** Everything asked of one method (or REST path) over one transport. */
export interface MethodDiff {
  /** The JSON-RPC method, or the REST path. */
  method: string
  transport: 'http' | 'ws' | 'rest'
  asked: number
  differing: number
  /** The same two counts by where the requests came from (examples, generated params, chain samples, REST). */
  sources: Partial<Record<DiffSource, { asked: number; differing: number }>>
  /** The differing requests, first ones first (at most MAX_FINDINGS_PER_METHOD kept, MAX_FINDINGS over all methods). */
  findings: DiffFinding[]
}

/** Differing requests kept per method, and in all: the counts are exact, the evidence bounded (report.json stays under 10 MB). */
export const MAX_FINDINGS_PER_METHOD = 5
export const MAX_FINDINGS = 200

/** report.json of `l2conf diff`. */
export interface DiffReport {
  tool: { name: string; version: string }
  kind: 'diff'
  targets: Array<{ rpc: string; ws: string | null; rest: string | null }>
  /** The specs the questions came from (path, version, sha256), as in the reports of `l2conf run`. */
  specs: { openrpc: SpecInfo; openapi: SpecInfo }
  seed: number
  runs: number
  startedAt: string
  durationMs: number
  /** The height both targets held when the diff began: state reads and chain samples are at or below it. */
  commonHeight: number | null
  summary: { asked: number; agreeing: number; differing: number; methods: number; methodsDiffering: number }
  methods: MethodDiff[]
  /** Set when the diff stopped early (a target stopped answering): what was compared is reported. */
  interrupted?: string
  /** Notices shown at the top of every form, e.g. that TLS certificates were not verified (--insecure). */
  warnings?: string[]
}

/** The exit code of a diff (l2conf diff): 0 the targets agree, 1 they differ (or the diff was cut short). */
export function diffExitCode(report: DiffReport): 0 | 1 {
  return report.summary.differing > 0 || report.interrupted !== undefined ? 1 : 0
}
