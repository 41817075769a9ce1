import type { UntypedFinding as Finding } from './finding.js'
import type { Exchange } from '../transport/exchange.js'
import { boundedJson } from './boundedJson.js'
import type { LiveVerdict } from './liveVerdict.js'

/** An account as read just before and just after the blocked call: its nonces and balance (as answered), and the head. */
export interface SenderState {
  nonce: unknown
  pending: unknown
  balance: unknown
  head: bigint
}

/** A block made between the two reads, fetched with full transactions. */
export interface ScannedBlock {
  number: bigint
  transactions: unknown
  exchange: Exchange
}

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)
const quantity = (value: unknown): bigint | null => (typeof value === 'string' && QUANTITY.test(value) ? BigInt(value) : null)
const sameAddress = (a: unknown, b: string): boolean => typeof a === 'string' && a.toLowerCase() === b.toLowerCase()

/** The probe as a node would mine it: its `input` is the probe's own marker, which no other transaction carries. */
function isProbe(tx: Record<string, unknown>, marker: string): boolean {
  const input = tx.input ?? tx.data
  return typeof input === 'string' && input.toLowerCase() === marker.toLowerCase()
}

/**
 * BLOCKED-SENDTX: proof that eth_sendTransaction from `sender` changed nothing, made to hold on a
 * moving head. The probe (value-free, to the sender itself, its data a `marker` unique to the call)
 * mined in any block made meanwhile is a finding; a transaction without the marker is someone else's,
 * even one of the same shape. On a still head any change of the nonces or the balance is one. On a moving head the
 * sender's other transactions (a live network's own traffic from the same account) explain a nonce
 * that moved, so only what they do not explain is a finding; the balance is then left alone (the probe
 * moves no value and pays no fee). What cannot be told apart (blocks past those scanned, a pending
 * nonce that ran ahead while others' transactions wait) is inconclusive, never a pass.
 * @example judgeNothingChanged(sender, '0x6c32…', before, after, blocks, true)
 */
export function judgeNothingChanged(
  sender: string,
  marker: string,
  before: SenderState,
  after: SenderState,
  blocks: readonly ScannedBlock[],
  scannedAll: boolean,
): LiveVerdict {
  const findings: Finding[] = []
  let others = 0n
  for (const block of blocks) {
    if (!Array.isArray(block.transactions)) continue
    for (const tx of block.transactions) {
      if (!isObject(tx) || !sameAddress(tx.from, sender)) continue
      if (isProbe(tx, marker))
        findings.push({
          message: `block ${block.number} carries the blocked call's probe from ${sender} (transaction ${boundedJson(tx.hash, 70)}, data ${marker}): the node signed and mined it`,
          exchange: block.exchange,
        })
      else others++
    }
  }
  const changed = (key: 'nonce' | 'pending' | 'balance'): string =>
    `${sender}'s ${key === 'balance' ? 'balance' : `${key} nonce`} went from ${boundedJson(before[key], 70)} to ${boundedJson(after[key], 70)}`
  if (after.head === before.head) {
    for (const key of ['nonce', 'pending', 'balance'] as const) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        findings.push({ message: `the blocked call changed state: ${changed(key)} while the head stayed at block ${before.head}` })
    }
    return { findings, inconclusive: null }
  }
  const nonceBefore = quantity(before.nonce)
  const nonceAfter = quantity(after.nonce)
  const pendingBefore = quantity(before.pending)
  const pendingAfter = quantity(after.pending)
  if (nonceBefore === null || nonceAfter === null || pendingBefore === null || pendingAfter === null) {
    return {
      findings,
      inconclusive:
        findings.length === 0 ? `the nonces of ${sender} were not both answered as quantities, so a moving head cannot be told apart from the call` : null,
    }
  }
  const unexplained = nonceAfter - nonceBefore - others
  if (unexplained > 0n && scannedAll) {
    findings.push({
      message: `the blocked call changed state: ${changed('nonce')} while blocks ${before.head + 1n} to ${after.head} carry only ${others} other transaction(s) from it`,
    })
  }
  if (findings.length > 0) return { findings, inconclusive: null }
  if (unexplained > 0n)
    return {
      findings,
      inconclusive: `${changed('nonce')} while the head moved further than the blocks scanned: the call cannot be told apart from other transactions`,
    }
  if (pendingAfter - nonceAfter > pendingBefore - nonceBefore) {
    return { findings, inconclusive: `${changed('pending')} while the head moved: a transaction of ${sender} is waiting, the call's or another's` }
  }
  return { findings, inconclusive: null }
}
