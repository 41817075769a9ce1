/**
 * The ids of the requirement table, as a type: what a check, a result and a report may name. The
 * rows themselves (level, text, section, and the checks) are the requirement files beside this one,
 * listed in the table's order by index.ts, which holds this union to them (every id a file, every file
 * an id). A leaf module, so that what the checks are built from (the probe, the run context, the
 * report's types) can name requirements without importing the checks.
 */
export type RequirementId =
  | 'SPEC-VALID'
  | 'RPC-ENVELOPE'
  | 'RPC-HTTP'
  | 'RPC-WS'
  | 'RPC-SUBSCRIBE'
  | 'RPC-STANDARD'
  | 'RPC-ERRORS'
  | 'RANGE-SHAPE'
  | 'RANGE-ORDER'
  | 'RANGE-TAGS'
  | 'RANGE-FULLTX'
  | 'RANGE-CONSISTENT'
  | 'RANGE-INVALID'
  | 'INFO-SHAPE'
  | 'INFO-PROGRESS'
  | 'GAS-SHAPE'
  | 'GAS-CONSISTENT'
  | 'BLOCKED-ACCOUNTS'
  | 'BLOCKED-SENDTX'
  | 'EXPOSURE'
  | 'SENDRAW'
  | 'CHAIN-INTEGRITY'
  | 'CLIENT-COMPAT'
  | 'REST-SHAPE'
  | 'REST-ERRORS'
  | 'REST-CONSISTENT'
  | 'LIMITS'
