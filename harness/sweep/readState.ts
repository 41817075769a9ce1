import { toQuantity } from '../generate/toQuantity.js'
import { oldestStateBlock } from '../limits/archiveDepth.js'
import { batchedCalls, type BatchedCall } from '../transport/batchedCalls.js'
import type { HttpTransport } from '../transport/httpTransport.js'
import { PairComparer, type MethodCounts } from './compareWindows.js'
import type { SweepFinding } from './sweepFinding.js'
import { isObject, objectOf } from './verifyBlock.js'
import type { WindowRead } from './verifyWindow.js'

/** What the state reads of a sweep share: the oldest block whose state both nodes serve. */
export interface StateReads {
  oldest: number
}

/** The account state read at a block, per account (an account's storage slots written are not named by any standard method, so none are read). */
const STATE_METHODS = ['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode'] as const

/** The state reads at most per window and node, so a busy window's batch stays under nodes' batch caps. */
const READS_PER_BATCH = 600

/**
 * The oldest block whose state every node serves (LIMITS' archive-depth search on each, oldestStateBlock):
 * state reads below it would compare one node's refusal with the other's answer.
 */
export async function oldestStateOf(sides: ReadonlyArray<{ http: HttpTransport }>, head: number): Promise<number> {
  const probe = (http: HttpTransport) => ({
    head,
    stateAt: (n: number) => http.call('eth_getBalance', ['0x0000000000000000000000000000000000000000', toQuantity(n)]),
  })
  const oldest = await Promise.all(sides.map(async (s) => (await oldestStateBlock(probe(s.http))).value))
  return Math.max(...oldest.map((n) => (typeof n === 'number' ? n : head + 1)))
}

/** The accounts a block's transactions touched: senders, recipients, contracts created (lower-case, once each). */
function touchedAccounts(read: WindowRead['blocks'][number]): string[] {
  const accounts = new Set<string>()
  const block = objectOf(read.block)
  for (const tx of Array.isArray(block?.transactions) ? block.transactions : []) {
    if (!isObject(tx)) continue
    for (const a of [tx.from, tx.to]) if (typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a)) accounts.add(a.toLowerCase())
  }
  for (const receipt of read.receipts) {
    const created = objectOf(receipt)?.contractAddress
    if (typeof created === 'string' && /^0x[0-9a-fA-F]{40}$/.test(created)) accounts.add(created.toLowerCase())
  }
  return [...accounts]
}

/**
 * --state (two nodes): for each block of the window, the balance, nonce and code of every account its
 * transactions touched, read from both nodes at the block before it and at the block itself (so a
 * node serving a block's state for another block differs where the block changed it), compared by
 * the diff's rule. Blocks below the oldest state both serve (StateReads) are not read.
 */
export async function readState(
  sides: ReadonlyArray<{ http: HttpTransport }>,
  reads: readonly [WindowRead, WindowRead],
  commonHeight: number,
  shared: StateReads,
): Promise<{ findings: SweepFinding[]; counts: Map<string, MethodCounts>; reads: number }> {
  const calls: Array<BatchedCall & { block: number; label: string }> = []
  for (const b of reads[0].blocks) {
    for (const at of [b.height - 1, b.height]) {
      if (at < shared.oldest) continue
      for (const account of touchedAccounts(b))
        for (const method of STATE_METHODS)
          calls.push({ method, params: [account, toQuantity(at)], block: at, label: `${method} of ${account} at block ${at}` })
    }
  }
  const comparer = new PairComparer(commonHeight, 'state')
  for (let i = 0; i < calls.length; i += READS_PER_BATCH) {
    const chunk = calls.slice(i, i + READS_PER_BATCH)
    const [a, b] = await Promise.all(sides.map((s) => batchedCalls(s.http, chunk)))
    for (const [k, call] of chunk.entries())
      comparer.compare(call.method, a!.exchanges[k]!, b!.exchanges[k]!, (d) => ({ block: call.block, pointer: d.pointer }), call.label)
  }
  return { findings: comparer.findings, counts: comparer.counts, reads: calls.length }
}
