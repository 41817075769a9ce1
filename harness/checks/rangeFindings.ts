import type { Finding } from './finding.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'
import { boundedJson, boundedText } from './boundedJson.js'
import { outcomeOf } from './outcomeOf.js'
import { validated } from './validated.js'
import { describeError } from './outcomeFindings.js'

type Block = Record<string, unknown>

/** The block array an eth_getBlockRange exchange answered, or the finding that it did not answer one. */
export function rangeBlocks(exchange: Exchange, what: string): { blocks: unknown[] } | { finding: Finding } {
  const outcome = outcomeOf(exchange)
  if (outcome.kind === 'broken') return { finding: { kind: 'no-answer', message: `${what}: ${outcome.reason}`, exchange } }
  if (outcome.kind === 'error') return { finding: { kind: 'unexpected-error', message: `${what} answered ${describeError(outcome)}`, exchange } }
  if (!Array.isArray(outcome.value))
    return { finding: { kind: 'schema-violation', message: `${what} answered ${boundedJson(outcome.value, 80)}, not an array of blocks`, exchange } }
  return { blocks: outcome.value }
}

/** A JSON object (what a block or a transaction object must at least be). */
export const isBlock = (value: unknown): value is Block => value !== null && typeof value === 'object' && !Array.isArray(value)

const numberOf = (block: unknown): number | null =>
  isBlock(block) && typeof block.number === 'string' && /^0x[0-9a-f]+$/i.test(block.number) ? Number(BigInt(block.number)) : null

/**
 * RANGE-ORDER (spec 4.2 rule 4): one block per number in [start, end], ascending, both ends inclusive,
 * count = end - start + 1.
 */
export function checkRangeOrder(exchange: Exchange, blocks: readonly unknown[], start: number, end: number): Finding[] {
  const expected = end - start + 1
  const what = `eth_getBlockRange [${start}, ${end}]`
  const findings: Finding[] = []
  if (blocks.length !== expected)
    findings.push({
      kind: 'wrong-value',
      expected,
      got: blocks.length,
      message: `${what} answered ${blocks.length} blocks, expected ${expected} (end - start + 1)`,
      exchange,
    })
  blocks.forEach((block, i) => {
    const n = numberOf(block)
    if (n !== start + i && findings.length < 3) {
      findings.push({
        kind: 'wrong-value',
        expected: start + i,
        got: n,
        message: `${what}: element ${i} is block ${n ?? boundedJson(isBlock(block) ? block.number : block, 40)}, expected ${start + i} (ascending, one per number)`,
        pointer: `/result/${i}/number`,
        exchange,
      })
    }
  })
  return findings
}

/** RANGE-SHAPE (spec 2.1): every block has every field, hex-encoded (the rangeBlock schema). */
export function checkRangeShape(exchange: Exchange, blocks: readonly unknown[], validate: Validate): Finding[] {
  const findings: Finding[] = []
  // Five findings say enough: stop there, so a huge answer costs no more than a small broken one.
  for (let i = 0; i < blocks.length && findings.length < 5; i++) {
    const block = blocks[i]
    for (const issue of validated(validate, block).slice(0, 2)) {
      if (findings.length < 5)
        findings.push({
          kind: 'schema-violation',
          message: `block ${i} (${boundedText(isBlock(block) ? block.number : block, 40)}): ${issue.pointer || '/'} ${issue.message}`,
          pointer: `/result/${i}${issue.pointer}`,
          exchange,
        })
    }
  }
  return findings
}

/**
 * RANGE-FULLTX (spec 4.2 rule 3): with true, full transaction objects (valid against the transaction
 * schema, naming their block); with false, their hashes; the same transactions in the same order.
 */
export function checkFullTransactions(
  hashes: { exchange: Exchange; blocks: readonly unknown[] },
  full: { exchange: Exchange; blocks: readonly unknown[] },
  validateTx: Validate,
): Finding[] {
  const findings: Finding[] = []
  if (hashes.blocks.length !== full.blocks.length)
    return [
      {
        kind: 'inconsistent',
        message: `the range answered ${hashes.blocks.length} blocks with false and ${full.blocks.length} with true`,
        exchange: full.exchange,
      },
    ]
  for (let i = 0; i < full.blocks.length && findings.length < 5; i++) {
    const block = full.blocks[i]
    const withHashes = hashes.blocks[i]
    if (!isBlock(block) || !isBlock(withHashes)) {
      findings.push({
        kind: 'schema-violation',
        message: `block ${i} of the range is ${boundedJson(isBlock(block) ? withHashes : block, 60)}, not a block object`,
        pointer: `/result/${i}`,
        exchange: full.exchange,
      })
      continue
    }
    const name = boundedText(block.number, 40)
    const hashList = withHashes.transactions
    const objectList = block.transactions
    if (!Array.isArray(hashList) || !Array.isArray(objectList)) {
      findings.push({ kind: 'schema-violation', message: `block ${name}: transactions is not an array`, exchange: full.exchange })
      continue
    }
    if (hashList.some((h) => typeof h !== 'string'))
      findings.push({
        kind: 'wrong-value',
        message: `block ${name}: with false, transactions holds objects, not hashes`,
        pointer: `/result/${i}/transactions`,
        exchange: hashes.exchange,
      })
    if (objectList.length !== hashList.length) {
      findings.push({
        kind: 'inconsistent',
        message: `block ${name} has ${hashList.length} transactions with false and ${objectList.length} with true`,
        exchange: full.exchange,
      })
      continue
    }
    objectList.forEach((tx: unknown, j) => {
      if (!isBlock(tx)) {
        findings.push({
          kind: 'wrong-value',
          message: `block ${name}: with true, transaction ${j} is ${boundedJson(tx, 70)}, not an object`,
          pointer: `/result/${i}/transactions/${j}`,
          exchange: full.exchange,
        })
        return
      }
      const txName = boundedText(tx.hash, 70)
      if (tx.hash !== hashList[j])
        findings.push({
          kind: 'inconsistent',
          message: `block ${name}: transaction ${j} is ${txName} with true but ${boundedText(hashList[j], 70)} with false`,
          pointer: `/result/${i}/transactions/${j}/hash`,
          exchange: full.exchange,
        })
      if (tx.blockHash !== block.hash || tx.blockNumber !== block.number)
        findings.push({
          kind: 'inconsistent',
          message: `transaction ${txName} names block ${boundedText(tx.blockNumber, 40)} ${boundedText(tx.blockHash, 70)}, but sits in ${name} ${boundedText(block.hash, 70)}`,
          pointer: `/result/${i}/transactions/${j}`,
          exchange: full.exchange,
        })
      for (const issue of validated(validateTx, tx).slice(0, 2))
        findings.push({
          kind: 'schema-violation',
          message: `transaction ${txName}: ${issue.pointer || '/'} ${issue.message}`,
          pointer: `/result/${i}/transactions/${j}${issue.pointer}`,
          exchange: full.exchange,
        })
    })
  }
  return findings.slice(0, 5)
}
