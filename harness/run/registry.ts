import type { DeclaredCheck, Probe } from './certify.js'
import type { RunContext } from './runContext.js'
import type { RequirementRow } from '../requirements/requirement.js'
import { lacking, leaveOut } from './undeclared.js'

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
  /**
   * The round trips the check makes one after another (each waiting for an answer before it is sent: a
   * walk back from the head, reads before and after a call), about, as bench/checkChains.ts counts them
   * in a recorded run. The engine starts the foreground's longest chains first: behind a long round
   * trip the run then does not end on a long chain started last. Default 1.
   */
  chain?: number
  /**
   * The check reads transactions from the blocks near the head, and a quiet target's only ones may be
   * those the run itself sends: in the full profile it starts once every check that sends has ended
   * (a read-only run sends none, and the check runs with the others).
   */
  afterSends?: boolean
}

/** One declared check: what it is, what it needs, how it runs beside the others, and its body. */
export interface CheckDeclaration {
  spec: DeclaredCheck
  needs: CheckNeeds
  options: CheckOptions
  body: CheckBody
}

/** What a requirement may read while it declares its checks: the run's config and its specs (the spec decides which checks exist). */
export type DeclarationScope = Pick<RunContext, 'config' | 'openrpc' | 'openapi'>

/**
 * One check as its requirement declares it: data, read without running anything (DESIGN.md, "How a
 * requirement is built"). Its requirement is the file's that declares it, its level that row's.
 */
export interface CheckDefinition extends CheckOptions {
  /** Stable: reports, shards, transcripts, --only and --skip know the check by it. */
  id: string
  /** What the check asks of the node, as reports print it; the requirement's text when left out. */
  title?: string
  /** Preconditions: when unmet in a run, the check is skipped with the reason. */
  needs?: CheckNeeds
  /**
   * The JSON-RPC methods the check calls by name: a spec that does not describe each of them declares
   * no such check (it would judge the node against nothing the spec says), and says so (undeclared.ts).
   */
  calls?: readonly string[]
  /**
   * SHOULD for a check of a MUST requirement that judges a habit narrower than the requirement's
   * rule (a result's `x-should` in openrpc.json): its failure is a warning. A check is never stricter
   * than its requirement.
   */
  level?: 'SHOULD'
  /** The scenario: makes the exchanges through the run context and records what the judges find on the probe. */
  run: CheckBody
}

/** A requirement as the registry reads it (harness/requirements/<ID>.ts): its row, and the checks it declares for a run's specs. */
export interface RequirementModule {
  row: RequirementRow
  checks(scope: DeclarationScope): readonly CheckDefinition[]
}

/** Every check declared for a run's specs, in declaration order, and the requirements that could not declare theirs. */
export interface DeclaredChecks {
  checks: CheckDeclaration[]
  /** A requirement whose declaration threw (its checks are missing: the run cannot pass), with why. */
  errors: string[]
}

/** The options a definition states (CheckOptions: whatever is not the check's id, title, needs, calls, level or scenario), and only those. */
function optionsOf(definition: CheckDefinition): CheckOptions {
  const { id: _id, title: _title, needs: _needs, calls: _calls, level: _level, run: _run, ...options } = definition
  return options
}

/**
 * Declares every check of `requirements` (in their order, the table's) for `scope` (ARCHITECTURE.md,
 * the run): known without vitest and without sending anything. A check whose `calls` the spec does
 * not describe is left out, with why; a requirement that throws while declaring is named in `errors`
 * and its checks are left out; two checks with one id are refused (the id is what reports, shards and
 * transcripts know a check by).
 */
export function declareChecks(requirements: readonly RequirementModule[], scope: DeclarationScope): DeclaredChecks {
  const checks: CheckDeclaration[] = []
  const errors: string[] = []
  const ids = new Set<string>()
  for (const { row, checks: definitions } of requirements) {
    const declared: CheckDeclaration[] = []
    try {
      for (const definition of definitions(scope)) {
        const missing = definition.calls === undefined ? null : lacking(scope, definition.calls)
        if (missing !== null) {
          leaveOut(scope.openrpc, definition.id, missing)
          continue
        }
        if (ids.has(definition.id)) throw new Error(`two checks are declared with the id ${definition.id}`)
        ids.add(definition.id)
        const level = definition.level === 'SHOULD' && row.level === 'MUST' ? 'SHOULD' : row.level
        const spec: DeclaredCheck = { id: definition.id, requirement: row.id, level, title: definition.title ?? row.text }
        declared.push({ spec, needs: { ...definition.needs }, options: optionsOf(definition), body: definition.run })
      }
      checks.push(...declared)
    } catch (error) {
      errors.push(`requirements/${row.id}: ${(error as Error).message ?? String(error)}`)
    }
  }
  return { checks, errors }
}

/** Why a check's preconditions are unmet in this run (it is skipped with this reason), or null. */
export function unmetNeeds(needs: CheckNeeds, config: DeclarationScope['config']): string | null {
  if (needs.discover === true && !config.discover) return 'limits discovery is off (--no-discover)'
  if ((needs.rpc ?? true) && needs.rest !== true && config.rpc === null) return 'the run has no --rpc address'
  if (needs.ws === true && config.ws === null) return 'the run has no --ws address'
  if (needs.rest === true && config.rest === null) return 'the run has no --rest address'
  if (needs.full === true && config.profile !== 'full') return 'sends transactions: runs only in the full profile'
  return null
}
