import { basename } from 'node:path'
import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { RunContext } from './runContext.js'

/**
 * The checks a spec leaves without a subject (a method it does not describe, a method without an
 * example), with why, per loaded spec: filled while the requirements declare their checks, read by
 * SPEC-VALID's check of the spec (harness/requirements/SPEC-VALID.ts), which says what the run left out and why. Keyed
 * by check id, so declaring the same spec twice records each once.
 */
const leftOut = new WeakMap<OpenRpcSpec, Map<string, string>>()

/** The name the run's OpenRPC document goes by in messages: the file it was given as. */
export function specName(scope: Pick<RunContext, 'config'>): string {
  return basename(scope.config.openrpc)
}

/** Records that the check `id` is not declared for `openrpc`, and why. */
export function leaveOut(openrpc: OpenRpcSpec, id: string, reason: string): void {
  let reasons = leftOut.get(openrpc)
  if (reasons === undefined) leftOut.set(openrpc, (reasons = new Map()))
  reasons.set(id, reason)
}

/** The checks left out for `openrpc`, with why, in the order they were left out. */
export function leftOutChecks(openrpc: OpenRpcSpec): Array<{ id: string; reason: string }> {
  return [...(leftOut.get(openrpc) ?? new Map<string, string>())].map(([id, reason]) => ({ id, reason }))
}

/**
 * Why the spec cannot drive checks that call `methods` by name: the first of them it does not
 * describe, or null when it describes them all. A check of a method the spec lacks would judge the
 * node against nothing the spec says, so it is not declared.
 */
export function lacking(scope: Pick<RunContext, 'config' | 'openrpc'>, methods: readonly string[]): string | null {
  const missing = methods.filter((name) => scope.openrpc.method(name) === undefined)
  return missing.length === 0 ? null : `the ${specName(scope)} given has no ${missing.join(', ')}`
}

/** A short account of the checks left out, grouped by reason, for a note: '' when none was. */
export function describeLeftOut(openrpc: OpenRpcSpec): string {
  const byReason = new Map<string, string[]>()
  for (const { id, reason } of leftOutChecks(openrpc)) byReason.set(reason, [...(byReason.get(reason) ?? []), id])
  if (byReason.size === 0) return ''
  const total = [...byReason.values()].reduce((n, ids) => n + ids.length, 0)
  const parts = [...byReason].map(([reason, ids]) => `${ids.join(', ')} (${reason})`)
  return `${total} check${total === 1 ? ' is' : 's are'} not declared, for what the spec does not describe: ${parts.join('; ')}`
}
