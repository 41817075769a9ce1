import { HarnessError } from '../errors/harnessError.js'
import { planOf } from './sweepPlan.js'
import { MAX_COVERED_RANGES, MAX_EVIDENCE_PER_CHECK, type SweepCheckEntry, type SweepMethodEntry, sweepVerdict, type SweepReport } from './sweepReport.js'

/** Whether a parsed report.json is a sweep's. */
export function isSweepReport(value: unknown): value is SweepReport {
  return value !== null && typeof value === 'object' && (value as { kind?: unknown }).kind === 'sweep'
}

const refuse = (message: string): HarnessError => new HarnessError('L2CONF_ERR_USAGE', message)

/**
 * Joins the reports of a sharded sweep (--shard I/N, one per part) into the report of the whole
 * plan: counts summed, the first failing blocks of each rule kept in block order, the covered
 * ranges merged. Parts of another sweep (other nodes, plan, shard count or --state) are refused
 * (HarnessError L2CONF_ERR_USAGE); a shard missing or given twice makes the merged sweep
 * interrupted, naming it, so a partial merge never reads as a whole pass.
 */
export function mergeSweepReports(parts: readonly SweepReport[]): SweepReport & { parts: number } {
  const first = parts[0]
  if (first === undefined) throw refuse('no sweep report to merge')
  const count = first.shard?.count ?? 1
  for (const part of parts) {
    if (part.targets.map((t) => t.rpc).join(' ') !== first.targets.map((t) => t.rpc).join(' ')) throw refuse('the sweep reports are of different nodes')
    if (JSON.stringify(part.plan.segments) !== JSON.stringify(first.plan.segments))
      throw refuse('the sweep reports are of different blocks (their plans differ)')
    if ((part.shard?.count ?? 1) !== count) throw refuse(`the sweep reports are of different shard counts (${count} and ${part.shard?.count ?? 1})`)
    if (part.options.state !== first.options.state) throw refuse('the sweep reports differ in --state')
  }
  const indexes = parts.map((p) => p.shard?.index ?? 1)
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !indexes.includes(i))
  const repeated = [...new Set(indexes.filter((i, k) => indexes.indexOf(i) !== k))]
  const checks = new Map<string, SweepCheckEntry>()
  const methods = new Map<string, SweepMethodEntry>()
  const unjudged = new Map<string, number>()
  for (const part of parts) {
    for (const c of part.checks) {
      const key = `${c.side ?? '-'}|${c.check}|${c.method}|${c.field}`
      const entry = checks.get(key) ?? { ...c, failing: 0, first: [] }
      entry.failing += c.failing
      entry.first = [...entry.first, ...c.first].sort((a, b) => a.block - b.block).slice(0, MAX_EVIDENCE_PER_CHECK)
      checks.set(key, entry)
    }
    for (const m of part.methods) {
      const entry = methods.get(m.method) ?? { method: m.method, asked: 0, differing: 0, bothRefused: 0 }
      entry.asked += m.asked
      entry.differing += m.differing
      entry.bothRefused += m.bothRefused
      methods.set(m.method, entry)
    }
    for (const u of part.unjudged) unjudged.set(u.reason, (unjudged.get(u.reason) ?? 0) + u.count)
  }
  const sum = (pick: (r: SweepReport) => number): number => parts.reduce((s, p) => s + pick(p), 0)
  const ranges = planOf(parts.flatMap((p) => p.covered.ranges)).segments
  const interruptions = parts.flatMap((p) => (p.interrupted === undefined ? [] : [`shard ${p.shard?.index ?? 1}/${count}: ${p.interrupted}`]))
  if (missing.length > 0) interruptions.push(`shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} not given`)
  if (repeated.length > 0) interruptions.push(`shard${repeated.length > 1 ? 's' : ''} ${repeated.map((i) => `${i}/${count}`).join(', ')} given twice`)
  const entries = [...checks.values()].sort((a, b) => (a.first[0]?.block ?? Infinity) - (b.first[0]?.block ?? Infinity))
  const methodList = [...methods.values()].sort((a, b) => a.method.localeCompare(b.method))
  const warnings = [...new Set(parts.flatMap((p) => p.warnings.filter((w) => !w.includes('their agreement there compares nothing'))))]
  if (first.targets.length === 2)
    for (const m of methodList)
      if (m.asked > 0 && m.bothRefused === m.asked)
        warnings.push(`${m.method}: both nodes refused every request (${m.asked}) with the same error, so their agreement there compares nothing`)
  const merged: SweepReport & { parts: number } = {
    ...first,
    shard: null,
    parts: parts.length,
    startedAt: parts.map((p) => p.startedAt).sort()[0] as string,
    durationMs: Math.max(...parts.map((p) => p.durationMs)),
    covered: {
      blocks: sum((p) => p.covered.blocks),
      transactions: sum((p) => p.covered.transactions),
      receipts: sum((p) => p.covered.receipts),
      logs: sum((p) => p.covered.logs),
      stateReads: sum((p) => p.covered.stateReads),
      ranges: ranges.slice(0, MAX_COVERED_RANGES),
      ...(ranges.length > MAX_COVERED_RANGES || parts.some((p) => p.covered.rangesCut === true) ? { rangesCut: true } : {}),
    },
    summary: {
      failing: entries.reduce((s, c) => s + c.failing, 0),
      checksFailing: entries.filter((c) => c.failing > 0).length,
      differing: methodList.reduce((s, m) => s + m.differing, 0),
    },
    checks: entries,
    methods: methodList,
    unjudged: [...unjudged.entries()].map(([reason, n]) => ({ reason, count: n })),
    warnings,
  }
  delete merged.resumedAt
  delete merged.interrupted
  if (interruptions.length > 0) merged.interrupted = interruptions.join('; ')
  return Object.assign(merged, sweepVerdict(merged))
}
