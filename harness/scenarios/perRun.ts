import type { RunContext } from '../run/runContext.js'

/**
 * `make`, made once per run and shared by the checks of that run: a sample of the target's chain
 * that checks of several requirements read, a connection settled once for two checks. Keyed by the
 * run's context, so two runs (a fleet's targets, each with a context of its own) share nothing, and
 * what a run made goes with its context.
 */
export function perRun<T>(make: (context: RunContext) => T): (context: RunContext) => T {
  const made = new WeakMap<RunContext, T>()
  return (context) => {
    if (!made.has(context)) made.set(context, make(context))
    return made.get(context)!
  }
}
