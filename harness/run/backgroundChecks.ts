import type { CheckResult } from '../report/result.js'
import { RUN_CONFIG_ENV } from './configChannel.js'

/**
 * Checks that mostly wait for the chain (a subscription's notification, a counter's progress between
 * spaced calls, a transaction's receipt) are started by `l2conf run` when their turn comes and then
 * run in the background, beside the checks after them, instead of holding them up. Their results
 * are collected before the run-level suites (suites/background.test.ts, run last but one), so those
 * still see every exchange of the run. Their exchanges go through the same transports and request
 * gate as every other check's, and their evidence is their own (each check's probe is its own async
 * context); the report orders results by requirement, not by finishing time.
 *
 * Checks that send transactions from the run's key (`sends`) run one after another: each reads the
 * key's nonce, and one may predict the address of the contract its next transaction creates.
 */
const running = new Map<string, Promise<CheckResult>>()
/** The last check of the sending lane: the next one starts when it has finished. */
let sendingLane: Promise<unknown> = Promise.resolve()

/**
 * Whether checks that wait run in the background: under `l2conf run` (which collects their results
 * from suites/background.test.ts). A plain `npx vitest --project conformance` runs each in its place,
 * so a failure shows on the check's own test.
 */
export function runsInBackground(env: NodeJS.ProcessEnv = process.env): boolean {
  const passed = env[RUN_CONFIG_ENV]
  if (passed === undefined || passed === '') return false
  // A shard (--shard i/n) may not hold suites/background.test.ts, which collects the results: there
  // every check runs in its place.
  try {
    return (JSON.parse(passed) as { shard?: unknown }).shard == null
  } catch {
    return true
  }
}

/**
 * Starts a check in the background; `sends`: after the other checks that send from the run's key.
 * `run` never rejects (a check that throws is certified as failed).
 */
export function startInBackground(id: string, run: () => Promise<CheckResult>, sends: boolean): void {
  const started = sends ? sendingLane.then(run) : run()
  if (sends) sendingLane = started
  running.set(id, started)
}

/** Waits for every check started in the background and returns their results, in the order they started. */
export async function settleBackgroundChecks(): Promise<CheckResult[]> {
  const results = await Promise.all(running.values())
  running.clear()
  return results
}
