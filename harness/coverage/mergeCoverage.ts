import { HarnessError } from '../errors/harnessError.js'
import type { Branches, Coverage, MethodCoverage, OperationCoverage, ParamCoverage } from './coverage.js'
import { coverageTotals } from './coverageTotals.js'

/** Adds `from`'s entries into `into`, matched by `keyOf`; an entry only `from` has is appended (a copy). */
function unionInto<T>(into: T[], from: readonly T[], keyOf: (item: T) => string, add: (into: T, from: T) => void): void {
  const byKey = new Map(into.map((item) => [keyOf(item), item]))
  for (const item of from) {
    const found = byKey.get(keyOf(item))
    if (found === undefined) {
      const copy = structuredClone(item)
      into.push(copy)
      byKey.set(keyOf(item), copy)
    } else add(found, item)
  }
}

function addBranches(into: Branches | undefined, from: Branches | undefined): Branches | undefined {
  if (from === undefined) return into
  if (into === undefined) return structuredClone(from)
  into.unmatched += from.unmatched
  unionInto(
    into.branches,
    from.branches,
    (branch) => String(branch.index),
    (a, b) => (a.matched += b.matched),
  )
  return into
}

function addParam(into: ParamCoverage, from: ParamCoverage): void {
  into.given += from.given
  into.omitted += from.omitted
  const branches = addBranches(into.branches, from.branches)
  if (branches !== undefined) into.branches = branches
}

function addMethod(into: MethodCoverage, from: MethodCoverage): void {
  into.calls += from.calls
  into.answered += from.answered
  into.transports.http += from.transports.http
  into.transports.ws += from.transports.ws
  into.transports.batch += from.transports.batch
  unionInto(
    into.examples,
    from.examples,
    (example) => example.name,
    (a, b) => (a.exercised += b.exercised),
  )
  unionInto(into.params, from.params, (param) => param.name, addParam)
  into.result.results += from.result.results
  into.result.null += from.result.null
  const branches = addBranches(into.result.branches, from.result.branches)
  if (branches !== undefined) into.result.branches = branches
  unionInto(
    into.errors,
    from.errors,
    (error) => String(error.code),
    (a, b) => (a.seen += b.seen),
  )
  unionInto(
    into.undeclaredErrors,
    from.undeclaredErrors,
    (error) => String(error.code),
    (a, b) => (a.seen += b.seen),
  )
}

function addOperation(into: OperationCoverage, from: OperationCoverage): void {
  into.calls += from.calls
  into.answered += from.answered
  unionInto(
    into.statuses,
    from.statuses,
    (status) => status.status,
    (a, b) => (a.seen += b.seen),
  )
  unionInto(
    into.undeclaredStatuses,
    from.undeclaredStatuses,
    (status) => String(status.status),
    (a, b) => (a.seen += b.seen),
  )
  unionInto(
    into.params,
    from.params,
    (param) => `${param.in} ${param.name}`,
    (a, b) => {
      a.given += b.given
      a.omitted += b.omitted
    },
  )
}

/**
 * The coverage of several parts of one certification (shards, fleet targets, transcripts): every
 * cell the union of what each part covered, every count summed, the totals counted again.
 * Throws HarnessError L2CONF_ERR_USAGE when the parts are of different spec documents (their cells
 * are not the same cells), or when there are none.
 */
export function mergeCoverage(parts: readonly Coverage[]): Coverage {
  const [first, ...rest] = parts
  if (first === undefined) throw new HarnessError('L2CONF_ERR_USAGE', 'no coverage to merge')
  const merged = structuredClone(first)
  for (const part of rest) {
    for (const kind of ['openrpc', 'openapi'] as const) {
      if (part.specs[kind].sha256 !== merged.specs[kind].sha256) {
        throw new HarnessError(
          'L2CONF_ERR_USAGE',
          `coverage of different ${kind} documents cannot be merged (sha256 ${merged.specs[kind].sha256.slice(0, 12)}… and ${part.specs[kind].sha256.slice(0, 12)}…)`,
        )
      }
    }
    unionInto(merged.methods, part.methods, (method) => method.name, addMethod)
    unionInto(
      merged.undeclaredMethods,
      part.undeclaredMethods,
      (method) => method.name,
      (a, b) => (a.calls += b.calls),
    )
    unionInto(merged.operations, part.operations, (operation) => `${operation.method} ${operation.path}`, addOperation)
    unionInto(
      merged.undeclaredOperations,
      part.undeclaredOperations,
      (operation) => `${operation.method} ${operation.path}`,
      (a, b) => (a.calls += b.calls),
    )
    merged.exchanges.observed += part.exchanges.observed
    merged.exchanges.raw += part.exchanges.raw
    merged.exchanges.notifications += part.exchanges.notifications
    merged.exchanges.unclassified.failed += part.exchanges.unclassified.failed
    merged.exchanges.unclassified.large += part.exchanges.unclassified.large
  }
  merged.totals = coverageTotals(merged.methods, merged.operations)
  return merged
}
