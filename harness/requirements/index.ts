import * as SPEC_VALID from './SPEC-VALID.js'
import * as RPC_ENVELOPE from './RPC-ENVELOPE.js'
import * as RPC_HTTP from './RPC-HTTP.js'
import * as RPC_WS from './RPC-WS.js'
import * as RPC_SUBSCRIBE from './RPC-SUBSCRIBE.js'
import * as RPC_STANDARD from './RPC-STANDARD.js'
import * as RPC_ERRORS from './RPC-ERRORS.js'
import * as RANGE_SHAPE from './RANGE-SHAPE.js'
import * as RANGE_ORDER from './RANGE-ORDER.js'
import * as RANGE_TAGS from './RANGE-TAGS.js'
import * as RANGE_FULLTX from './RANGE-FULLTX.js'
import * as RANGE_CONSISTENT from './RANGE-CONSISTENT.js'
import * as RANGE_INVALID from './RANGE-INVALID.js'
import * as INFO_SHAPE from './INFO-SHAPE.js'
import * as INFO_PROGRESS from './INFO-PROGRESS.js'
import * as GAS_SHAPE from './GAS-SHAPE.js'
import * as GAS_CONSISTENT from './GAS-CONSISTENT.js'
import * as BLOCKED_ACCOUNTS from './BLOCKED-ACCOUNTS.js'
import * as BLOCKED_SENDTX from './BLOCKED-SENDTX.js'
import * as EXPOSURE from './EXPOSURE.js'
import * as SENDRAW from './SENDRAW.js'
import * as CHAIN_INTEGRITY from './CHAIN-INTEGRITY.js'
import * as CLIENT_COMPAT from './CLIENT-COMPAT.js'
import * as REST_SHAPE from './REST-SHAPE.js'
import * as REST_ERRORS from './REST-ERRORS.js'
import * as REST_CONSISTENT from './REST-CONSISTENT.js'
import * as LIMITS from './LIMITS.js'
import type { RequirementModule } from '../run/registry.js'
import type { Level, RequirementRow } from './requirement.js'
import type { RequirementId } from './requirementId.js'

export type { RequirementId }

/**
 * The requirements, each its own file beside this one (its row, its judges, its named numbers and the
 * checks it declares), in the table's order: importing them is knowing every check (the registry,
 * harness/run/registry.ts, declares them in this order). Their order is the order of everything that
 * lists requirements: the results of every report, the rows of report.html's matrix, junit.xml's test
 * suites, the list of docs/requirements.md.
 */
const inTableOrder = [
  SPEC_VALID,
  RPC_ENVELOPE,
  RPC_HTTP,
  RPC_WS,
  RPC_SUBSCRIBE,
  RPC_STANDARD,
  RPC_ERRORS,
  RANGE_SHAPE,
  RANGE_ORDER,
  RANGE_TAGS,
  RANGE_FULLTX,
  RANGE_CONSISTENT,
  RANGE_INVALID,
  INFO_SHAPE,
  INFO_PROGRESS,
  GAS_SHAPE,
  GAS_CONSISTENT,
  BLOCKED_ACCOUNTS,
  BLOCKED_SENDTX,
  EXPOSURE,
  SENDRAW,
  CHAIN_INTEGRITY,
  CLIENT_COMPAT,
  REST_SHAPE,
  REST_ERRORS,
  REST_CONSISTENT,
  LIMITS,
] as const satisfies readonly RequirementModule[]

/** The requirements, in the table's order. */
export const catalogue: readonly RequirementModule[] = inTableOrder

/** The requirement table: the one list of requirements, built from their files. */
export const requirements: readonly Requirement[] = catalogue.map((requirement) => requirement.row)

export type Requirement = RequirementRow<RequirementId>

/** The ids in the table's order. */
export const requirementIds: readonly RequirementId[] = requirements.map((row) => row.id)

/** The row of `id`, or undefined for an id the table does not list (a report of another version). */
export function requirementRow(id: string): Requirement | undefined {
  return requirements.find((row) => row.id === id)
}

/**
 * The level of a requirement of the table: what its checks are certified at, or the strongest of
 * them for a requirement whose checks state their own (its row's `levels`, EXPOSURE).
 */
export function levelOf(id: RequirementId): Level {
  return requirementRow(id)!.level
}

/** The ids of RequirementId no requirement file of the table is for: none (a compile error in `unlisted` names any). */
type Unlisted = Exclude<RequirementId, (typeof inTableOrder)[number]['row']['id']>
const unlisted: Record<Unlisted, never> = {}
