import { compareRpcAnswers, type Difference } from '../diff/compareAnswers.js'
import { boundedJson } from '../checks/boundedJson.js'
import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import type { SweepCheck, SweepFinding } from './sweepFinding.js'
import { isObject } from './verifyBlock.js'
import type { WindowRead } from './verifyWindow.js'

/** Requests of one method compared between two nodes. */
export interface MethodCounts {
  asked: number
  differing: number
  bothRefused: number
}

/** A JSON pointer as a field name: array indexes as `*`, so the same field of every transaction counts as one. */
export function fieldOf(pointer: string): string {
  return pointer === '' ? '(the whole answer)' : pointer.replace(/\/\d+(?=\/|$)/g, '/*')
}

const asNumber = (value: unknown): number | null => (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? Number.parseInt(value, 16) : null)

/** Whether two nodes both answered the same JSON-RPC error: agreement that compares nothing. */
function bothRefused(a: Exchange, b: Exchange): boolean {
  const x = rpcOutcome(a)
  const y = rpcOutcome(b)
  return x.kind === 'error' && y.kind === 'error' && x.code === y.code
}

/** Compares answer pairs and builds findings; `where` names the block a difference is at (from its pointer). */
export class PairComparer {
  readonly findings: SweepFinding[] = []
  readonly counts = new Map<string, MethodCounts>()
  readonly #commonHeight: number
  readonly #check: SweepCheck

  constructor(commonHeight: number, check: SweepCheck = 'differs') {
    this.#commonHeight = commonHeight
    this.#check = check
  }

  /**
   * Compares A's and B's answers to one request by the diff's rule (compareRpcAnswers: results after
   * normalising, errors by code and structured data), counts it, and records a difference at the
   * block `where` names. Returns the difference, or null when they agree.
   */
  compare(method: string, a: Exchange, b: Exchange, where: (d: Difference) => { block: number; pointer: string }, label: string): Difference | null {
    const counts = this.counts.get(method) ?? { asked: 0, differing: 0, bothRefused: 0 }
    this.counts.set(method, counts)
    counts.asked++
    const d = compareRpcAnswers(method, a, b, this.#commonHeight)
    if (d === null) {
      if (bothRefused(a, b)) counts.bothRefused++
      return null
    }
    counts.differing++
    const at = where(d)
    this.findings.push({
      check: this.#check,
      method,
      field: d.kind === 'result' ? fieldOf(at.pointer) : d.kind,
      block: at.block,
      message: `block ${at.block}: ${label}: A and B differ (${d.kind}) at ${d.pointer === '' ? 'the whole answer' : d.pointer}: A ${boundedJson(d.left, 80)}, B ${boundedJson(d.right, 80)}`,
      pointer: d.pointer,
      expected: d.left,
      got: d.right,
      exchanges: [a, b],
    })
    return d
  }
}

/** The index at the start of a pointer into an array answer, and the rest of it. */
function splitIndex(pointer: string): { index: number; rest: string } | null {
  const m = /^\/(\d+)(\/.*)?$/.exec(pointer)
  return m === null ? null : { index: Number(m[1]), rest: m[2] ?? '' }
}

/**
 * Compares two nodes' reads of the same window (the sweep's two-node rule): the range answer, each
 * block, each receipt (paired by transaction hash: a transaction one node lacks is the block's
 * difference already) and the logs, by the diff's normalisation; each difference names its block.
 */
export function compareWindows(a: WindowRead, b: WindowRead, commonHeight: number): PairComparer {
  const comparer = new PairComparer(commonHeight)
  comparer.compare(
    'eth_getBlockRange',
    a.range,
    b.range,
    (d) => {
      const split = splitIndex(d.pointer)
      return split === null ? { block: a.from, pointer: d.pointer } : { block: a.from + split.index, pointer: split.rest }
    },
    `eth_getBlockRange ${a.from}..${a.to}`,
  )
  const receiptsOf = (read: WindowRead): Map<string, Exchange> => {
    const map = new Map<string, Exchange>()
    for (const block of read.blocks)
      for (const receipt of block.receipts) {
        const hash = (receipt.request as { params?: unknown[] } | null)?.params?.[0]
        if (typeof hash === 'string') map.set(hash.toLowerCase(), receipt)
      }
    return map
  }
  const receiptsB = receiptsOf(b)
  for (const [i, blockA] of a.blocks.entries()) {
    const blockB = b.blocks[i]
    if (blockB === undefined) continue
    comparer.compare(
      'eth_getBlockByNumber',
      blockA.block,
      blockB.block,
      (d) => ({ block: blockA.height, pointer: d.pointer }),
      `eth_getBlockByNumber ${blockA.height}`,
    )
    for (const receipt of blockA.receipts) {
      const hash = (receipt.request as { params?: unknown[] } | null)?.params?.[0]
      const other = typeof hash === 'string' ? receiptsB.get(hash.toLowerCase()) : undefined
      if (other === undefined) continue
      comparer.compare('eth_getTransactionReceipt', receipt, other, (d) => ({ block: blockA.height, pointer: d.pointer }), `the receipt of ${String(hash)}`)
    }
  }
  const logsA = rpcOutcome(a.logs)
  const logsB = rpcOutcome(b.logs)
  comparer.compare(
    'eth_getLogs',
    a.logs,
    b.logs,
    (d) => {
      const split = splitIndex(d.pointer)
      if (split === null) return { block: a.from, pointer: d.pointer }
      const log =
        (logsA.kind === 'result' && Array.isArray(logsA.value) ? logsA.value[split.index] : undefined) ??
        (logsB.kind === 'result' && Array.isArray(logsB.value) ? logsB.value[split.index] : undefined)
      return { block: (isObject(log) ? asNumber(log.blockNumber) : null) ?? a.from, pointer: split.rest }
    },
    `eth_getLogs over blocks ${a.from}..${a.to}`,
  )
  return comparer
}
