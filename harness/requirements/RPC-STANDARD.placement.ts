import type { Finding } from '../checks/finding.js'
import type { Exchange } from '../transport/exchange.js'
import { boundedText } from '../checks/boundedJson.js'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const quantityRe = /^0x[0-9a-fA-F]+$/

/** Two JSON-RPC values that name the same thing: quantities by number, hex data and addresses case-insensitively. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') {
    if (quantityRe.test(a) && quantityRe.test(b) && a.length < 80 && b.length < 80) return BigInt(a) === BigInt(b)
    return a.toLowerCase() === b.toLowerCase()
  }
  return a === b
}

/** Where a transaction sits, as the block that holds it says. */
export interface Placement {
  block: Json
  /** The transaction's position in the block's transactions. */
  index: number
  /** The transaction object as the block (fetched with full transactions) shows it. */
  inBlock: Json
}

/**
 * RPC-STANDARD: eth_getTransactionByHash and eth_getTransactionReceipt agree with the block that holds
 * the transaction: its blockHash, blockNumber and transactionIndex name that block and position, and
 * its hash, from and to are the block's own view of it. Each answer is judged on what it carries:
 * a receipt names the hash as transactionHash.
 * @example checkTransactionPlacement(placement, byHash, receipt) // [] when all three agree
 */
export function checkTransactionPlacement(
  placement: Placement,
  byHash: { exchange: Exchange; value: unknown },
  receipt: { exchange: Exchange; value: unknown },
): Finding[] {
  const { block, index, inBlock } = placement
  const hash = inBlock.hash
  const name = `transaction ${boundedText(hash, 70)} (position ${index} of block ${boundedText(block.number, 40)})`
  const expected: Array<[string, unknown]> = [
    ['blockHash', block.hash],
    ['blockNumber', block.number],
    ['transactionIndex', `0x${index.toString(16)}`],
    ['from', inBlock.from],
    ['to', inBlock.to],
  ]
  const findings: Finding[] = []
  for (const [method, answer, hashField] of [
    ['eth_getTransactionByHash', byHash, 'hash'],
    ['eth_getTransactionReceipt', receipt, 'transactionHash'],
  ] as const) {
    if (!isObject(answer.value)) {
      findings.push({
        kind: 'wrong-value',
        message: `${method} for ${name} answered ${boundedText(answer.value, 60)}, not the object of a transaction the chain holds`,
        exchange: answer.exchange,
      })
      continue
    }
    const value = answer.value
    for (const [field, want] of [...expected, [hashField, hash] as [string, unknown]]) {
      // `to` and `from` are compared only where the block's own transaction object shows them.
      if ((field === 'from' || field === 'to') && !Object.hasOwn(inBlock, field)) continue
      if (!same(value[field], want)) {
        findings.push({
          kind: 'inconsistent',
          message: `${method} for ${name} says ${field} ${boundedText(value[field], 70)}, but the block says ${boundedText(want, 70)}`,
          exchange: answer.exchange,
          pointer: `/result/${field}`,
        })
      }
    }
  }
  return findings.slice(0, 5)
}
