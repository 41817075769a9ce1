import type { Finding } from '../run/certify.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import { describeError } from './outcomeFindings.js'

type Block = Record<string, unknown>

/** The block array an eth_getBlockRange exchange answered, or the finding that it did not answer one. */
export function rangeBlocks(exchange: Exchange, what: string): { blocks: Block[] } | { finding: Finding } {
  const outcome = rpcOutcome(exchange)
  if (outcome.kind === 'broken') return { finding: { message: `${what}: ${outcome.reason}`, exchange } }
  if (outcome.kind === 'error') return { finding: { message: `${what} answered ${describeError(outcome)}`, exchange } }
  if (!Array.isArray(outcome.value)) return { finding: { message: `${what} answered ${JSON.stringify(outcome.value)?.slice(0, 80)}, not an array of blocks`, exchange } }
  return { blocks: outcome.value as Block[] }
}

const numberOf = (block: Block): number | null =>
  typeof block?.number === 'string' && /^0x[0-9a-f]+$/i.test(block.number) ? Number(BigInt(block.number)) : null

/**
 * RANGE-ORDER (spec 4.2 rule 4): one block per number in [start, end], ascending, both ends inclusive,
 * count = end - start + 1.
 */
export function checkRangeOrder(exchange: Exchange, blocks: Block[], start: number, end: number): Finding[] {
  const expected = end - start + 1
  const what = `eth_getBlockRange [${start}, ${end}]`
  const findings: Finding[] = []
  if (blocks.length !== expected) findings.push({ message: `${what} answered ${blocks.length} blocks, expected ${expected} (end - start + 1)`, exchange })
  blocks.forEach((block, i) => {
    const n = numberOf(block)
    if (n !== start + i && findings.length < 3) {
      findings.push({ message: `${what}: element ${i} is block ${n ?? JSON.stringify(block?.number)}, expected ${start + i} (ascending, one per number)`, pointer: `/result/${i}/number`, exchange })
    }
  })
  return findings
}

/** RANGE-SHAPE (spec 2.1): every block has every field, hex-encoded (the rangeBlock schema). */
export function checkRangeShape(exchange: Exchange, blocks: Block[], validate: Validate): Finding[] {
  const findings: Finding[] = []
  blocks.forEach((block, i) => {
    for (const issue of validate(block).slice(0, 2)) {
      if (findings.length < 5) findings.push({ message: `block ${i} (${String(block?.number)}): ${issue.pointer || '/'} ${issue.message}`, pointer: `/result/${i}${issue.pointer}`, exchange })
    }
  })
  return findings
}

/**
 * RANGE-FULLTX (spec 4.2 rule 3): with true, full transaction objects (valid against the transaction
 * schema, naming their block); with false, their hashes; the same transactions in the same order.
 */
export function checkFullTransactions(hashes: { exchange: Exchange; blocks: Block[] }, full: { exchange: Exchange; blocks: Block[] }, validateTx: Validate): Finding[] {
  const findings: Finding[] = []
  if (hashes.blocks.length !== full.blocks.length) return [{ message: `the range answered ${hashes.blocks.length} blocks with false and ${full.blocks.length} with true`, exchange: full.exchange }]
  full.blocks.forEach((block, i) => {
    const withHashes = hashes.blocks[i]?.transactions
    const withObjects = block.transactions
    if (!Array.isArray(withHashes) || !Array.isArray(withObjects)) {
      findings.push({ message: `block ${String(block.number)}: transactions is not an array`, exchange: full.exchange })
      return
    }
    if (withHashes.some((h) => typeof h !== 'string')) findings.push({ message: `block ${String(block.number)}: with false, transactions holds objects, not hashes`, pointer: `/result/${i}/transactions`, exchange: hashes.exchange })
    if (withObjects.length !== withHashes.length) {
      findings.push({ message: `block ${String(block.number)} has ${withHashes.length} transactions with false and ${withObjects.length} with true`, exchange: full.exchange })
      return
    }
    withObjects.forEach((tx, j) => {
      const t = tx as Record<string, unknown>
      if (typeof tx !== 'object' || tx === null) findings.push({ message: `block ${String(block.number)}: with true, transaction ${j} is ${JSON.stringify(tx)?.slice(0, 70)}, not an object`, pointer: `/result/${i}/transactions/${j}`, exchange: full.exchange })
      else {
        if (t.hash !== withHashes[j]) findings.push({ message: `block ${String(block.number)}: transaction ${j} is ${String(t.hash)} with true but ${String(withHashes[j])} with false`, pointer: `/result/${i}/transactions/${j}/hash`, exchange: full.exchange })
        if (t.blockHash !== block.hash || t.blockNumber !== block.number) findings.push({ message: `transaction ${String(t.hash)} names block ${String(t.blockNumber)} ${String(t.blockHash)}, but sits in ${String(block.number)} ${String(block.hash)}`, pointer: `/result/${i}/transactions/${j}`, exchange: full.exchange })
        for (const issue of validateTx(tx).slice(0, 2)) findings.push({ message: `transaction ${String(t.hash)}: ${issue.pointer || '/'} ${issue.message}`, pointer: `/result/${i}/transactions/${j}${issue.pointer}`, exchange: full.exchange })
      }
    })
  })
  return findings.slice(0, 5)
}
