import { truncateEvidence } from '../diff/truncateEvidence.js'
import { reproduceCommand } from '../transport/reproduce.js'
import type { SweepFinding } from './sweepFinding.js'
import { MAX_CHECK_ENTRIES, MAX_COVERED_RANGES, MAX_EVIDENCE_PER_CHECK, type SweepCheckEntry, type SweepMethodEntry, type SweepReport } from './sweepReport.js'

/** What a sweep has found so far: exact counts, bounded evidence; the whole of it fits a checkpoint. */
export interface TallyState {
  checks: SweepCheckEntry[]
  methods: SweepMethodEntry[]
  covered: SweepReport['covered']
  unjudged: Array<{ reason: string; count: number }>
}

/**
 * The sweep's running totals: findings counted per rule, method and field, with the first failing
 * blocks kept as evidence (curl lines made once, when kept; the exchanges are dropped); requests
 * per method; what was covered. Windows are added in plan order, so the evidence kept is of the
 * lowest blocks. Its state is plain JSON, written to the checkpoint and read back on --resume.
 */
export class SweepTally {
  readonly #checks = new Map<string, SweepCheckEntry>()
  readonly #methods = new Map<string, SweepMethodEntry>()
  readonly #unjudged = new Map<string, number>()
  readonly covered: SweepReport['covered']
  readonly #secretHeaderNames: readonly string[]

  constructor(secretHeaderNames: readonly string[], state?: TallyState) {
    this.#secretHeaderNames = secretHeaderNames
    this.covered = state?.covered ?? { blocks: 0, transactions: 0, receipts: 0, logs: 0, stateReads: 0, ranges: [] }
    for (const entry of state?.checks ?? []) this.#checks.set(keyOf(entry), entry)
    for (const entry of state?.methods ?? []) this.#methods.set(entry.method, entry)
    for (const { reason, count } of state?.unjudged ?? []) this.#unjudged.set(reason, count)
  }

  /** Counts one finding and keeps its evidence while its entry has room. */
  add(finding: SweepFinding): void {
    const side = finding.side ?? null
    let key = keyOf({ check: finding.check, method: finding.method, field: finding.field, side })
    let field = finding.field
    if (!this.#checks.has(key) && this.#checks.size >= MAX_CHECK_ENTRIES) {
      field = '(other fields)'
      key = keyOf({ check: finding.check, method: finding.method, field, side })
    }
    let entry = this.#checks.get(key)
    if (entry === undefined) {
      entry = { check: finding.check, method: finding.method, field, side, failing: 0, first: [] }
      this.#checks.set(key, entry)
    }
    entry.failing++
    if (entry.first.length >= MAX_EVIDENCE_PER_CHECK) return
    const labels =
      finding.exchanges.length === 2 && finding.side === undefined && (finding.check === 'differs' || finding.check === 'state')
        ? ['A: ', 'B: ']
        : finding.exchanges.map(() => (finding.side === undefined ? '' : `${finding.side}: `))
    entry.first.push({
      block: finding.block,
      message: finding.message,
      ...(finding.pointer === undefined ? {} : { pointer: finding.pointer }),
      ...(finding.expected === undefined ? {} : { expected: truncateEvidence(finding.expected) }),
      ...(finding.got === undefined ? {} : { got: truncateEvidence(finding.got) }),
      reproduce: finding.exchanges.map((e, i) => `${labels[i] ?? ''}${reproduceCommand(e, { secretHeaderNames: this.#secretHeaderNames })}`),
    })
  }

  /** Counts requests of a method: asked, answered differently by two nodes, refused by both alike. */
  asked(method: string, counts: { asked: number; differing?: number; bothRefused?: number }): void {
    let entry = this.#methods.get(method)
    if (entry === undefined) {
      entry = { method, asked: 0, differing: 0, bothRefused: 0 }
      this.#methods.set(method, entry)
    }
    entry.asked += counts.asked
    entry.differing += counts.differing ?? 0
    entry.bothRefused += counts.bothRefused ?? 0
  }

  /** Adds what a judge could not decide, by reason. */
  unjudged(reasons: ReadonlyMap<string, number>): void {
    for (const [reason, count] of reasons) this.#unjudged.set(reason, (this.#unjudged.get(reason) ?? 0) + count)
  }

  /** Notes heights from..to as swept (merged with the range before when they touch). */
  cover(from: number, to: number): void {
    this.covered.blocks += to - from + 1
    const ranges = this.covered.ranges
    const last = ranges[ranges.length - 1]
    if (last !== undefined && from === last[1] + 1) last[1] = to
    else if (ranges.length < MAX_COVERED_RANGES) ranges.push([from, to])
    else this.covered.rangesCut = true
  }

  /** The state, as plain JSON (checks in report order: one node's rules, then differences, by block of their first finding). */
  state(): TallyState {
    const checks = [...this.#checks.values()].sort(
      (a, b) => (a.first[0]?.block ?? Infinity) - (b.first[0]?.block ?? Infinity) || keyOf(a).localeCompare(keyOf(b)),
    )
    return {
      checks,
      methods: [...this.#methods.values()].sort((a, b) => a.method.localeCompare(b.method)),
      covered: this.covered,
      unjudged: [...this.#unjudged.entries()].map(([reason, count]) => ({ reason, count })),
    }
  }
}

function keyOf(entry: Pick<SweepCheckEntry, 'check' | 'method' | 'field' | 'side'>): string {
  return `${entry.side ?? '-'}|${entry.check}|${entry.method}|${entry.field}`
}
