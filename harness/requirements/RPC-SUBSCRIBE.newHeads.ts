import type { Finding } from '../checks/finding.js'
import type { Exchange } from '../transport/exchange.js'
import { boundedJson } from '../checks/boundedJson.js'
import type { HeadWindow, LiveVerdict } from '../checks/liveVerdict.js'

const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/
const HASH = /^0x[0-9a-fA-F]{64}$/

interface Head {
  number: bigint
  hash: string
  parentHash: string
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

function headOf(value: unknown): Head | null {
  if (!isObject(value)) return null
  const { number, hash, parentHash } = value
  if (
    typeof number !== 'string' ||
    !QUANTITY.test(number) ||
    typeof hash !== 'string' ||
    !HASH.test(hash) ||
    typeof parentHash !== 'string' ||
    !HASH.test(parentHash)
  )
    return null
  return { number: BigInt(number), hash: hash.toLowerCase(), parentHash: parentHash.toLowerCase() }
}

/**
 * RPC-SUBSCRIBE, newHeads on a moving head: the notifications under the id eth_subscribe returned
 * are block headers (hex `number`, 32-byte `hash` and `parentHash`), in order (each number one past
 * the last), and every block that became the head inside the window was notified. Whether each
 * parentHash names its parent is CHAIN-INTEGRITY's matter (a node that links every block wrongly
 * notifies faithfully what it holds): judged here too, a broken link would fail two requirements. No head in a window where the head did not move is inconclusive, not a pass.
 * @example judgeNewHeads(['0x2a'...], { from: 41n, to: 43n }, '0x9c', exchange)
 */
export function judgeNewHeads(notifications: readonly unknown[], window: HeadWindow, subscriptionId: string, exchange?: Exchange): LiveVerdict {
  const findings: Finding[] = []
  const fail = (message: string, pointer?: string): void => {
    const finding: Finding = { kind: 'wrong-value', message }
    if (exchange !== undefined) finding.exchange = exchange
    if (pointer !== undefined) finding.pointer = pointer
    findings.push(finding)
  }
  const heads: Head[] = []
  for (const [index, value] of notifications.entries()) {
    const head = headOf(value)
    if (head === null) {
      fail(
        `newHeads notification ${index} under subscription ${subscriptionId} is not a block header (hex number, 32-byte hash and parentHash): ${boundedJson(value)}`,
        `/${index}`,
      )
      continue
    }
    const last = heads.at(-1)
    if (last !== undefined && head.number !== last.number + 1n) {
      fail(`newHeads notified block ${head.number} right after block ${last.number}: heads must come in order, one number at a time`, `/${index}/number`)
    }
    heads.push(head)
  }
  const moved = window.to > window.from
  if (!moved) {
    return {
      findings,
      inconclusive: findings.length === 0 && heads.length === 0 ? `the head stayed at block ${window.from}: no new block to be notified of` : null,
    }
  }
  const notified = new Set(heads.map((head) => head.number))
  const missing: bigint[] = []
  for (let number = window.from + 1n; number <= window.to; number++) if (!notified.has(number)) missing.push(number)
  if (missing.length > 0) {
    const shown = missing.length > 5 ? `${missing.slice(0, 5).join(', ')}, … (${missing.length} in all)` : missing.join(', ')
    fail(
      `the head moved from block ${window.from} to ${window.to} while subscription ${subscriptionId} was active, but block(s) ${shown} were not notified under that id ` +
        `(${notifications.length} notification(s) arrived${heads.length > 0 ? `, blocks ${heads[0]?.number} to ${heads.at(-1)?.number}` : ''})`,
    )
  }
  return { findings, inconclusive: null }
}
