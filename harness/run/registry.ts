import type { CheckSpec, DeclaredCheck, Probe } from './certify.js'
import type { RunContext } from './runContext.js'
import { levelOf } from '../requirements/index.js'

/** A check body: makes the exchanges it needs through the run context, records findings on the probe. */
export type CheckBody = (probe: Probe, context: RunContext) => Promise<void>

/** Preconditions declared beside a check: when unmet, the check is skipped with the reason. */
export interface CheckNeeds {
  ws?: boolean
  rest?: boolean
  rpc?: boolean
  /** The `full` profile (it sends transactions that change state). */
  full?: boolean
  /** Limits discovery (LIMITS), which --no-discover turns off. */
  discover?: boolean
}

/** How a check runs beside the others (the engine, harness/run/engine.ts). */
export interface CheckOptions {
  /**
   * The check mostly waits for the chain (a subscription's notifications, a receipt), and no other
   * check's requests can change its verdict: it starts first and waits beside every other check.
   */
  waits?: boolean
  /**
   * In the full profile it sends transactions from the run's key: it never runs beside another check
   * that does, so nonces and predicted contract addresses never race. A read-only run sends none.
   */
  sends?: boolean
  /**
   * JSON-RPC methods the check holds for itself from its start to its end: another check's requests
   * that call one wait meanwhile (MethodHolds), so the check sees consecutive answers of the target
   * whatever runs beside it. For checks that judge a sequence of one method's answers.
   */
  holds?: readonly string[]
  /**
   * The check measures the target (a bounded search for a size limit, a burst for rate limiting):
   * no other check of the foreground runs beside it, so neither skews the other's requests. Checks
   * that wait for the chain go on meanwhile, as they send little.
   */
  alone?: boolean
  /** The check judges the whole run's traffic (frames nobody asked for): it starts once every other check has ended. */
  last?: boolean
}

/** One declared check: what it is, what it needs, how it runs beside the others, and its body. */
export interface CheckDeclaration {
  spec: DeclaredCheck
  needs: CheckNeeds
  options: CheckOptions
  body: CheckBody
  /** The suite that declared it. */
  suite: string
}

/** What a suite may read while it declares its checks: the run's config and its specs (the spec decides which checks exist). */
export type SuiteScope = Pick<RunContext, 'config' | 'openrpc' | 'openapi'>

/** Declares one check of a suite. */
export type DeclareCheck = (declared: CheckSpec, needs: CheckNeeds, body: CheckBody, options?: CheckOptions) => void

/** A suite: a named group of checks, declared from the specs of a run (suites/index.ts lists them in order). */
export interface Suite {
  name: string
  declare(check: DeclareCheck, scope: SuiteScope): void
}

/** A suite whose `declare` adds its checks through `check`, reading the specs from `scope`. */
export function defineSuite(name: string, declare: (check: DeclareCheck, scope: SuiteScope) => void): Suite {
  return { name, declare }
}

/**
 * The check's spec with its requirement's level (the requirement table). A check that states a level
 * of its own must state its requirement's: a check weaker or stronger than its requirement would
 * certify something the table does not say, so it is refused when its suite is declared.
 */
export function withLevel(declared: CheckSpec): DeclaredCheck {
  const level = levelOf(declared.requirement)
  if (declared.level !== undefined && declared.level !== level) {
    throw new Error(
      `check ${declared.id} states level ${declared.level}, but ${declared.requirement} is ${level} (the requirement table, harness/requirements/)`,
    )
  }
  return { ...declared, level }
}

/** Every check the suites declare for a run's specs, in declaration order, and the suites that could not declare theirs. */
export interface DeclaredChecks {
  checks: CheckDeclaration[]
  /** A suite whose declaration threw (its checks are missing: the run cannot pass), with why. */
  errors: string[]
}

/**
 * Declares every check of `suites` for `scope` (ARCHITECTURE.md, the run): known without vitest and
 * without sending anything. A suite that throws while declaring is named in `errors` and its checks
 * are left out; two checks with one id are refused (the id is what reports, shards and transcripts
 * know a check by).
 */
export function declareChecks(suites: readonly Suite[], scope: SuiteScope): DeclaredChecks {
  const checks: CheckDeclaration[] = []
  const errors: string[] = []
  const ids = new Set<string>()
  for (const suite of suites) {
    const declared: CheckDeclaration[] = []
    try {
      suite.declare((spec, needs, body, options = {}) => {
        const checked = withLevel(spec)
        if (ids.has(checked.id)) throw new Error(`two checks are declared with the id ${checked.id}`)
        ids.add(checked.id)
        declared.push({ spec: checked, needs: { ...needs }, options: { ...options }, body, suite: suite.name })
      }, scope)
      checks.push(...declared)
    } catch (error) {
      errors.push(`suites/${suite.name}: ${(error as Error).message ?? String(error)}`)
    }
  }
  return { checks, errors }
}

/** Why a check's preconditions are unmet in this run (it is skipped with this reason), or null. */
export function unmetNeeds(needs: CheckNeeds, config: SuiteScope['config']): string | null {
  if (needs.discover === true && !config.discover) return 'limits discovery is off (--no-discover)'
  if ((needs.rpc ?? true) && needs.rest !== true && config.rpc === null) return 'the run has no --rpc address'
  if (needs.ws === true && config.ws === null) return 'the run has no --ws address'
  if (needs.rest === true && config.rest === null) return 'the run has no --rest address'
  if (needs.full === true && config.profile !== 'full') return 'sends transactions: runs only in the full profile'
  return null
}
