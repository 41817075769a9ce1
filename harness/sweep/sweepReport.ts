import type { SweepCheck } from './sweepFinding.js'

/** One finding as a report keeps it: the block, what is wrong, and a command per answer to see it. */
export interface SweepEvidence {
  block: number
  message: string
  pointer?: string
  expected?: unknown
  got?: unknown
  /** A curl line per answer the finding rests on, prefixed "A: " or "B: " with two nodes. */
  reproduce: string[]
}

/** A rule (and where it is two nodes' difference, a method and field) with the blocks that fail it: the lowest first. */
export interface SweepCheckEntry {
  check: SweepCheck
  method: string
  field: string
  /** The node whose own answers fail it (A the first --rpc, B the second); null for a difference between the two. */
  side: 'A' | 'B' | null
  /** Blocks failing it (two nodes: requests answered differently), counted exactly. */
  failing: number
  /** The first failing blocks, in block order (at most MAX_EVIDENCE_PER_CHECK). */
  first: SweepEvidence[]
}

/** Requests made of one method, over both nodes with two: how many, how many answered differently, how many both refused. */
export interface SweepMethodEntry {
  method: string
  asked: number
  differing: number
  /** Asked of two nodes, both answered the same error: an agreement that compares nothing. */
  bothRefused: number
}

/** report.json of `l2conf sweep` (described by sweepReport.schema.json). */
export interface SweepReport {
  schemaVersion: 1
  kind: 'sweep'
  tool: { name: string; version: string }
  /** A, and with two nodes B (addresses with credentials masked). */
  targets: Array<{ rpc: string }>
  plan: {
    /** The flags that made the plan, as given (--blocks 0..latest, --sample log, --blocks-file FILE). */
    sources: string[]
    /** The whole plan's blocks (of every shard), and its segments with tags resolved. */
    blocks: number
    segments: Array<[number, number]>
  }
  shard: { index: number; count: number } | null
  options: { window: number; concurrency: number; state: boolean; timeoutMs: number }
  startedAt: string
  durationMs: number
  /** Set when this sweep continued from a checkpoint: the blocks already done then. */
  resumedAt?: number
  covered: {
    blocks: number
    transactions: number
    receipts: number
    logs: number
    stateReads: number
    /** The heights swept, as merged segments (at most MAX_COVERED_RANGES; `rangesCut` says when more were left out). */
    ranges: Array<[number, number]>
    rangesCut?: boolean
  }
  summary: { failing: number; checksFailing: number; differing: number }
  checks: SweepCheckEntry[]
  methods: SweepMethodEntry[]
  /** What could not be decided, by reason, counted (never a pass). */
  unjudged: Array<{ reason: string; count: number }>
  warnings: string[]
  interrupted?: string
  verdict: 'pass' | 'fail' | 'interrupted'
  exitCode: 0 | 1
}

/** Evidence kept per check entry: the first failing blocks; the count stays exact. */
export const MAX_EVIDENCE_PER_CHECK = 5
/** Check entries kept (two nodes' differences by field): past it, further fields are counted under one entry. */
export const MAX_CHECK_ENTRIES = 300
export const MAX_COVERED_RANGES = 1000

/** The verdict of a sweep: interrupted when cut short, fail when a block failed, else pass. */
export function sweepVerdict(report: Pick<SweepReport, 'interrupted' | 'summary'>): { verdict: SweepReport['verdict']; exitCode: 0 | 1 } {
  if (report.interrupted !== undefined) return { verdict: 'interrupted', exitCode: 1 }
  return report.summary.failing > 0 ? { verdict: 'fail', exitCode: 1 } : { verdict: 'pass', exitCode: 0 }
}
