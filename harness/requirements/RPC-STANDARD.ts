import { boundedJson, boundedText } from '../checks/boundedJson.js'
import { firstDifference } from '../checks/firstDifference.js'
import { checkEnvelope } from '../checks/envelopeFindings.js'
import type { Finding } from '../checks/finding.js'
import { checkResult } from '../checks/outcomeFindings.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'

/** RPC-STANDARD: the standard methods openrpc.json lists answer as their result schemas say. */
export const row = requirement({
  id: 'RPC-STANDARD',
  level: 'MUST',
  text: "each standard method in openrpc.json answers within its result schema, and as the chain's history says at the block asked (state, logs, proofs; a head that never goes back)",
  section: '4.2 (standard methods)',
})

/** How many transactions of the sampled block are looked up by hash (standard.transaction-placement). */
export const PLACED_TRANSACTIONS = 3

/** How often "latest" is compared with the head block before the check gives up as inconclusive (the head keeps moving). */
export const LATEST_ATTEMPTS = 3

const idOf = (exchange: Exchange): unknown => (exchange.request as { id?: unknown } | null)?.id

/** An example call (or any call that must succeed): a well-formed envelope and a result valid against the method's result schema. */
export function checkValidAnswer(exchange: Exchange, validate: Validate, what: string): Finding[] {
  return [...checkEnvelope(exchange, idOf(exchange)), ...checkResult(exchange, validate, what).findings]
}

/**
 * A call with values of the target's own chain: as checkValidAnswer, and the result is not null (it
 * names a block, transaction or account that exists there).
 */
export function checkLiveAnswer(exchange: Exchange, validate: Validate, what: string): Finding[] {
  const envelope = checkEnvelope(exchange, idOf(exchange))
  const { findings, value } = checkResult(exchange, validate, what)
  if (findings.length === 0 && value === null)
    findings.push({ kind: 'wrong-value', message: `${what} answered null for something that exists on the chain`, exchange, pointer: '/result', got: null })
  return [...envelope, ...findings]
}

/** A call with generated valid params: a well-formed envelope, and a result (when there is one) valid against the schema; an error is allowed. */
export function checkGeneratedAnswer(exchange: Exchange, validate: Validate, what: string): Finding[] {
  const findings = checkEnvelope(exchange, idOf(exchange))
  if (findings.length === 0 && outcomeOf(exchange).kind === 'result') findings.push(...checkResult(exchange, validate, what).findings)
  return findings
}

/** What a live call is described as in findings: the method and its params, bounded. */
export function liveCallName(method: string, params: unknown[]): string {
  return `${method} ${boundedJson(params, 160)}`
}

/** An account read at a block: its address, the method read (eth_getBalance, eth_getTransactionCount), and the block. */
export interface StateRead {
  method: string
  address: string
  block: { number: string; hash: string }
}

/** The state read by block hash (EIP-1898) equals the state read by that block's number. */
export function checkSameByHash(read: StateRead, byNumber: unknown, byHash: { exchange: Exchange; value: unknown }): Finding[] {
  if (firstDifference(byHash.value, byNumber) === null) return []
  return [
    {
      kind: 'inconsistent',
      message: `${read.method} for ${read.address} at block ${read.block.number} answers ${boundedText(byNumber, 70)} by number but ${boundedText(byHash.value, 70)} by its hash ${read.block.hash}`,
      exchange: byHash.exchange,
      expected: byNumber,
      got: byHash.value,
    },
  ]
}

/** The state read at "latest" equals the state at the head block it named (the head did not move in between). */
export function checkSameAtLatest(read: Omit<StateRead, 'block'>, head: number, atHead: unknown, latest: { exchange: Exchange; value: unknown }): Finding[] {
  if (firstDifference(latest.value, atHead) === null) return []
  return [
    {
      kind: 'inconsistent',
      message: `${read.method} for ${read.address} answers ${boundedText(latest.value, 70)} at "latest" but ${boundedText(atHead, 70)} at the head block ${head}`,
      exchange: latest.exchange,
      expected: atHead,
      got: latest.value,
    },
  ]
}

// The chain's history (suites/history.ts): state read at a block follows that block; logs are exactly
// a range's; the head never goes back; proofs prove the root of the block asked.

/** The selector of balanceOf(address) (ERC-20). */
export const BALANCE_OF = '0x70a08231'

/** Storage slots read at a contract's creation block for one its constructor wrote (zero the block before). */
export const STORAGE_SLOTS_SEARCHED = 8

export { checkDiffer, checkExpected, checkSameBlock as checkSameStateByForm, readValue, type Expected, type HistoryRead } from '../checks/historyFindings.js'

/** The most receipts one eth_getLogs comparison reads (a range of blocks whose receipts hold its logs). */
export const LOG_RANGE_RECEIPTS = 32

/** Blocks with logs the history sample finds before it stops (the range compared, and blocks with logs on either side of it). */
export const LOG_BLOCKS_WANTED = 3

/** The widest range of blocks whose logs are compared with their receipts'. */
export const LOG_RANGE_BLOCKS = 4

export { checkRangeLogs } from '../checks/historyFindings.js'

/** eth_blockNumber answers sampled one after another (holding the method: no other check's call between them), and the items of one batch of them. */
export const HEAD_SAMPLES = 4

/** Read-only: how long the head is watched for a new block, so the samples follow a head that just moved (a lagging replica shows then). */
export const HEAD_WATCH_MS = 1_500

/** Full profile: how fresh the run's own block should be when the head is sampled after it (older is noted). */
export const HEAD_FRESH_MS = 500

/** Between two reads of the head while it is watched. */
export const HEAD_POLL_MS = 100

/** Before a head named but not served is read again (a block that races its announcement). */
export const HEAD_REREAD_MS = 250

export { checkHeadServed, checkHeadsForward, headNamed, headsOfBatch, type HeadSample } from '../checks/historyFindings.js'

/**
 * The storage slots each eth_getProof of the history checks asks for, as 32-byte words: geth also
 * takes "0x0", but Anvil and Hardhat take storage keys of whole bytes only.
 */
export const PROOF_SLOTS: readonly string[] = [`0x${'0'.repeat(64)}`, `0x${'0'.repeat(63)}1`]

export { checkProof, EMPTY_CODE_HASH, type ProofAsked } from '../checks/proofFindings.js'
