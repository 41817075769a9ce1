import { row as SPEC_VALID } from './SPEC-VALID.js'
import { row as RPC_ENVELOPE } from './RPC-ENVELOPE.js'
import { row as RPC_HTTP } from './RPC-HTTP.js'
import { row as RPC_WS } from './RPC-WS.js'
import { row as RPC_SUBSCRIBE } from './RPC-SUBSCRIBE.js'
import { row as RPC_STANDARD } from './RPC-STANDARD.js'
import { row as RPC_ERRORS } from './RPC-ERRORS.js'
import { row as RANGE_SHAPE } from './RANGE-SHAPE.js'
import { row as RANGE_ORDER } from './RANGE-ORDER.js'
import { row as RANGE_TAGS } from './RANGE-TAGS.js'
import { row as RANGE_FULLTX } from './RANGE-FULLTX.js'
import { row as RANGE_CONSISTENT } from './RANGE-CONSISTENT.js'
import { row as RANGE_INVALID } from './RANGE-INVALID.js'
import { row as INFO_SHAPE } from './INFO-SHAPE.js'
import { row as INFO_PROGRESS } from './INFO-PROGRESS.js'
import { row as GAS_SHAPE } from './GAS-SHAPE.js'
import { row as GAS_CONSISTENT } from './GAS-CONSISTENT.js'
import { row as BLOCKED_ACCOUNTS } from './BLOCKED-ACCOUNTS.js'
import { row as BLOCKED_SENDTX } from './BLOCKED-SENDTX.js'
import { row as SENDRAW } from './SENDRAW.js'
import { row as CHAIN_INTEGRITY } from './CHAIN-INTEGRITY.js'
import { row as CLIENT_COMPAT } from './CLIENT-COMPAT.js'
import { row as REST_SHAPE } from './REST-SHAPE.js'
import { row as REST_ERRORS } from './REST-ERRORS.js'
import { row as REST_CONSISTENT } from './REST-CONSISTENT.js'
import { row as LIMITS } from './LIMITS.js'
import type { Level, RequirementRow } from './requirement.js'

/**
 * The requirement table: the one list of requirements, built from their files (one per requirement,
 * beside this one). Its order is the order of everything that lists requirements: the results of
 * every report, the rows of report.html's matrix, junit.xml's test suites, the README's list.
 */
export const requirements = [
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
  SENDRAW,
  CHAIN_INTEGRITY,
  CLIENT_COMPAT,
  REST_SHAPE,
  REST_ERRORS,
  REST_CONSISTENT,
  LIMITS,
] as const

/** The id of a requirement of the table. */
export type RequirementId = (typeof requirements)[number]['id']

export type Requirement = RequirementRow<RequirementId>

/** The ids in the table's order. */
export const requirementIds: readonly RequirementId[] = requirements.map((row) => row.id)

/** The row of `id`, or undefined for an id the table does not list (a report of another version). */
export function requirementRow(id: string): Requirement | undefined {
  return requirements.find((row) => row.id === id)
}

/** The level of a requirement of the table: what every check of it is certified at. */
export function levelOf(id: RequirementId): Level {
  return requirementRow(id)!.level
}
