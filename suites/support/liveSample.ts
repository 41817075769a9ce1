import type { RunContext } from '../../harness/run/runContext.js'
import type { MethodSpec } from '../../harness/spec/loadOpenRpc.js'
import { outcomeOf } from '../../harness/checks/outcomeOf.js'
import { toQuantity } from '../../harness/generate/toQuantity.js'
import { headOf } from '../../harness/checks/headOf.js'
import type { Exchange } from '../../harness/transport/exchange.js'
import { LIVE_LOOKBACK } from '../../harness/requirements/RPC-STANDARD.js'

/** Real values from the target's own chain: a recent block, and a transaction in it when there is one. */
export interface LiveSample {
  block: { number: string; hash: string }
  transaction: { hash: string; from: string } | null
}

/**
 * Samples the target's chain once per run: the newest block (within LIVE_LOOKBACK of the head) holding a
 * transaction, else the head block. A null sample when the target answers no block at all, with the
 * last exchange that showed it (the evidence).
 */
export async function liveSample(context: RunContext): Promise<{ sample: LiveSample | null; exchange: Exchange }> {
  const headExchange = await context.http!.call('eth_blockNumber', [])
  const read = headOf(headExchange)
  if ('finding' in read) return { sample: null, exchange: headExchange }
  const head = read.head
  let newest: LiveSample | null = null
  let last = headExchange
  for (let n = head; n >= Math.max(0, head - LIVE_LOOKBACK); n--) {
    last = await context.http!.call('eth_getBlockByNumber', [toQuantity(n), true])
    const outcome = outcomeOf(last)
    const block = outcome.kind === 'result' && outcome.value !== null && typeof outcome.value === 'object' ? (outcome.value as { number?: unknown; hash?: unknown; transactions?: unknown }) : null
    if (block === null || typeof block.number !== 'string' || typeof block.hash !== 'string') continue
    const here = { number: block.number, hash: block.hash }
    newest ??= { block: here, transaction: null }
    const first: unknown = Array.isArray(block.transactions) ? block.transactions[0] : undefined
    const tx = first !== null && typeof first === 'object' ? (first as { hash?: unknown; from?: unknown }) : undefined
    if (tx !== undefined && typeof tx.hash === 'string' && typeof tx.from === 'string') {
      return { sample: { block: here, transaction: { hash: tx.hash, from: tx.from } }, exchange: last }
    }
  }
  return { sample: newest, exchange: last }
}

/**
 * Params for `method` filled from the sample by the params' names in openrpc.json (blockHash,
 * transactionHash, address, block, fullTransactions, slot, transaction, filter), or the name of the
 * first param it cannot fill. Every filled value names something that exists on the target.
 */
export function liveParams(method: MethodSpec, sample: LiveSample): { params: unknown[] } | { missing: string } {
  const tx = sample.transaction
  const fillers: Record<string, () => unknown> = {
    blockHash: () => sample.block.hash,
    block: () => sample.block.number,
    fullTransactions: () => true,
    slot: () => '0x0',
    // eth_getProof's storage keys: slot 0, as a 32-byte word (Anvil and Hardhat refuse "0x0" there).
    storageKeys: () => [`0x${'0'.repeat(64)}`],
    filter: () => ({ blockHash: sample.block.hash }),
    ...(tx === null
      ? {}
      : {
          transactionHash: () => tx.hash,
          address: () => tx.from,
          // To the sender itself (an account without code): a call of no data to a contract may
          // rightly revert (no fallback function), so it could not demand a result.
          transaction: () => ({ from: tx.from, to: tx.from, value: '0x0' }),
        }),
  }
  const params: unknown[] = []
  for (const param of method.params) {
    const fill = fillers[param.name]
    if (fill === undefined) {
      if (param.required) return { missing: param.name }
      break
    }
    params.push(fill())
  }
  return { params }
}
