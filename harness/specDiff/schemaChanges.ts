import type { Located, SchemaComparison } from './compareSchemas.js'
import type { Breaks, SpecChange } from './specChange.js'

/**
 * Who a schema delta breaks, by the direction the data flows (spec-diff's rule): what a server
 * sends (a result, a response body) narrowed means servers must send less (they break), widened
 * means clients may receive what they did not expect (they break); what a client sends (params, a
 * request body, query parameters) the other way round. A change neither way breaks both.
 */
export function breaksOf(change: 'narrowed' | 'widened' | 'changed' | 'note', direction: 'request' | 'response'): Breaks[] {
  if (change === 'note') return []
  if (change === 'changed') return ['client', 'server']
  const narrowed = change === 'narrowed'
  return direction === 'response' ? [narrowed ? 'server' : 'client'] : [narrowed ? 'client' : 'server']
}

/** The changes between two located schemas of one place (`what`: e.g. "result", "param 'block'"), classified. */
export function schemaChanges(
  comparison: SchemaComparison,
  a: Located,
  b: Located,
  context: { where: string; what: string; direction: 'request' | 'response' },
): SpecChange[] {
  return comparison.compare(a, b).map((delta) => ({
    kind: `${context.direction === 'response' ? 'response' : 'request'}-${delta.change === 'note' ? 'changed-compatibly' : delta.change}`,
    breaks: breaksOf(delta.change, context.direction),
    where: context.where,
    message: `${context.what} ${delta.change === 'note' ? 'changed' : delta.change}: ${delta.what}`,
    old: delta.old,
    new: delta.new,
  }))
}
