/**
 * The result model of a run: what report.json, junit.xml and report.html are written from.
 * It follows DESIGN.md's report format exactly.
 */
export type Level = 'MUST' | 'SHOULD' | 'INFO'

export type RequirementId =
  | 'RPC-ENVELOPE' | 'RPC-HTTP' | 'RPC-WS' | 'RPC-SUBSCRIBE' | 'RPC-STANDARD' | 'RPC-ERRORS'
  | 'RANGE-SHAPE' | 'RANGE-ORDER' | 'RANGE-TAGS' | 'RANGE-FULLTX' | 'RANGE-CONSISTENT' | 'RANGE-INVALID'
  | 'INFO-SHAPE' | 'INFO-PROGRESS' | 'GAS-SHAPE' | 'GAS-CONSISTENT'
  | 'BLOCKED-ACCOUNTS' | 'BLOCKED-SENDTX' | 'SENDRAW' | 'CHAIN-INTEGRITY'
  | 'REST-SHAPE' | 'REST-ERRORS' | 'REST-CONSISTENT' | 'SPEC-VALID' | 'LIMITS'

export type ResultStatus = 'passed' | 'failed' | 'skipped' | 'warning' | 'known-failure'

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
}

export interface SpecInfo {
  path: string
  version: string
  sha256: string
}

export interface Report {
  tool: { name: string; version: string }
  target: { rpc: string | null; ws: string | null; rest: string | null }
  profile: 'read-only' | 'full'
  seed: number
  startedAt: string
  durationMs: number
  specs: { openrpc: SpecInfo; openapi: SpecInfo }
  summary: { passed: number; failed: number; skipped: number; warnings: number; knownFailures: number }
  /** Set when the run did not finish (SIGINT, overall time-out): the results are what ran. */
  interrupted?: string
  results: CheckResult[]
}
