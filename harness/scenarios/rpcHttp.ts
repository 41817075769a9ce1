import type { RunContext } from '../run/runContext.js'

/** The run's HTTP transport (--rpc); a check that needs it is skipped without one, so its absence here is a harness error. */
export function rpcHttp(context: RunContext): NonNullable<RunContext['http']> {
  if (context.http === null) throw new Error('the run has no --rpc address')
  return context.http
}
