import { boundedJson } from '../checks/boundedJson.js'
import { firstDifference } from '../checks/firstDifference.js'
import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import type { SweepFinding, Unjudged } from './sweepFinding.js'
import { answerWords, type BlockRead, isObject, objectOf, verifyBlock } from './verifyBlock.js'

/** A window of consecutive blocks as a sweep read it from one node. */
export interface WindowRead {
  from: number
  to: number
  /** eth_getBlockRange(from, to, true). */
  range: Exchange
  /** The blocks from..to, each with its receipts. */
  blocks: BlockRead[]
  /** eth_getLogs({ fromBlock: from, toBlock: to }). */
  logs: Exchange
}

const asNumber = (value: unknown): number | null => (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? Number.parseInt(value, 16) : null)

/**
 * Verifies a window of consecutive blocks of one node: each block by verifyBlock; the blocks link
 * (each parentHash the hash of the block before); eth_getBlockRange answers each block exactly as
 * eth_getBlockByNumber does (hashes and full transactions); eth_getLogs over the window answers,
 * block by block, exactly the logs of the receipts. Each finding names its block. Never throws.
 */
export function verifyWindow(read: WindowRead, side: 'A' | 'B' | undefined, unjudged: Unjudged): SweepFinding[] {
  const findings: SweepFinding[] = read.blocks.flatMap((b) => verifyBlock(b, side, unjudged))
  const found = (f: Omit<SweepFinding, 'side'>): void => {
    findings.push(side === undefined ? f : { ...f, side })
  }
  const objects = read.blocks.map((b) => objectOf(b.block))

  for (let i = 1; i < read.blocks.length; i++) {
    const before = objects[i - 1]
    const block = objects[i]
    if (before === null || before === undefined || block === null || block === undefined) continue
    if (typeof block.parentHash !== 'string' || typeof before.hash !== 'string' || block.parentHash.toLowerCase() !== before.hash.toLowerCase()) {
      const height = read.from + i
      found({
        check: 'parentHash',
        method: 'eth_getBlockByNumber',
        field: 'parentHash',
        block: height,
        message: `block ${height}: parentHash ${boundedJson(block.parentHash, 70)} is not the hash of block ${height - 1}, ${boundedJson(before.hash, 70)}`,
        pointer: '/parentHash',
        expected: before.hash,
        got: block.parentHash,
        exchanges: [(read.blocks[i - 1] as BlockRead).block, (read.blocks[i] as BlockRead).block],
      })
    }
  }

  const range = rpcOutcome(read.range)
  if (range.kind !== 'result' || !Array.isArray(range.value)) {
    found({
      check: 'range',
      method: 'eth_getBlockRange',
      field: 'range',
      block: read.from,
      message: `eth_getBlockRange ${read.from}..${read.to} ${answerWords(read.range)}, not the blocks`,
      exchanges: [read.range],
    })
  } else {
    const got = range.value
    for (let i = 0; i < read.blocks.length; i++) {
      const own = objects[i]
      if (own === null || own === undefined) continue
      const height = read.from + i
      const ranged = got[i]
      const d = firstDifference(own, ranged)
      if (d === null) continue
      found({
        check: 'range',
        method: 'eth_getBlockRange',
        field: 'range',
        block: height,
        message: `block ${height}: eth_getBlockRange ${read.from}..${read.to} answers it otherwise than eth_getBlockByNumber, at ${d.pointer === '/' ? 'the whole block' : d.pointer}: ${boundedJson(d.right, 80)} instead of ${boundedJson(d.left, 80)}`,
        pointer: `/${i}${d.pointer === '/' ? '' : d.pointer}`,
        expected: d.left,
        got: d.right,
        exchanges: [read.range, (read.blocks[i] as BlockRead).block],
      })
      break
    }
    if (got.length > read.blocks.length)
      found({
        check: 'range',
        method: 'eth_getBlockRange',
        field: 'range',
        block: read.to,
        message: `eth_getBlockRange ${read.from}..${read.to} answers ${got.length} blocks, not ${read.blocks.length}`,
        pointer: '/length',
        expected: read.blocks.length,
        got: got.length,
        exchanges: [read.range],
      })
  }

  findings.push(...logsAgainstReceipts(read, objects, side, unjudged))
  return findings
}

/** eth_getLogs over the window against the receipts' logs, block by block; the first block that differs is named. */
function logsAgainstReceipts(
  read: WindowRead,
  objects: ReadonlyArray<Record<string, unknown> | null>,
  side: 'A' | 'B' | undefined,
  unjudged: Unjudged,
): SweepFinding[] {
  const base = (block: number, message: string, more: Partial<SweepFinding> = {}): SweepFinding => ({
    check: 'getLogs',
    method: 'eth_getLogs',
    field: 'getLogs',
    block,
    message,
    exchanges: [read.logs],
    ...(side === undefined ? {} : { side }),
    ...more,
  })
  const outcome = rpcOutcome(read.logs)
  if (outcome.kind !== 'result' || !Array.isArray(outcome.value))
    return [base(read.from, `eth_getLogs over blocks ${read.from}..${read.to} ${answerWords(read.logs)}, not a list of logs`)]
  const byBlock = new Map<number, unknown[]>()
  for (const log of outcome.value) {
    const n = isObject(log) ? asNumber(log.blockNumber) : null
    if (n === null || n < read.from || n > read.to)
      return [
        base(
          read.from,
          `eth_getLogs over blocks ${read.from}..${read.to} answers a log of block ${boundedJson(isObject(log) ? log.blockNumber : log, 30)}, outside the range`,
        ),
      ]
    const list = byBlock.get(n) ?? []
    list.push(log)
    byBlock.set(n, list)
  }
  for (const [i, b] of read.blocks.entries()) {
    if (objects[i] === null) continue
    const receipts = b.receipts.map(objectOf)
    if (receipts.some((r) => r === null)) {
      unjudged.set(
        'eth_getLogs not compared for a block whose receipts were not all served',
        (unjudged.get('eth_getLogs not compared for a block whose receipts were not all served') ?? 0) + 1,
      )
      continue
    }
    const expected = receipts.flatMap((r) => (Array.isArray(r?.logs) ? r.logs : []))
    const got = byBlock.get(b.height) ?? []
    const d = firstDifference(expected, got)
    if (d === null) continue
    const evidence = b.receipts.find((r) => ((objectOf(r)?.logs as unknown[] | undefined)?.length ?? 0) > 0) ?? b.receipts[0]
    return [
      base(
        b.height,
        `block ${b.height}: eth_getLogs over blocks ${read.from}..${read.to} answers ${got.length} log(s) of it, its receipts hold ${expected.length}; first difference at ${d.pointer}: ${boundedJson(d.right, 80)} instead of ${boundedJson(d.left, 80)}`,
        { pointer: d.pointer, expected: d.left, got: d.right, exchanges: evidence === undefined ? [read.logs] : [read.logs, evidence] },
      ),
    ]
  }
  return []
}
