import type { RunContext } from '../run/runContext.js'
import type { MethodSpec } from '../spec/loadOpenRpc.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import { toQuantity } from '../generate/toQuantity.js'
import { newestBlockWithTransactions } from './newestBlockWithTransactions.js'
import { searchedText } from './historySearch.js'

type Json = Record<string, unknown>
import type { Exchange } from '../transport/exchange.js'
import { perRun } from './perRun.js'

/** Real values from the target's own chain: a block, and a transaction in it when there is one; what was searched to find it. */
export interface LiveSample {
  block: { number: string; hash: string }
  transaction: { hash: string; from: string } | null
  /** What the search for a transaction looked at (historySearch.ts). */
  searched?: string
}

/**
 * Samples the target's chain once per run: the newest block holding a transaction, searched back
 * from the head at any age (newestBlockWithTransactions), else the head block. A null sample when the
 * target answers no block at all, with the last exchange that showed it (the evidence).
 */
export async function liveSample(context: RunContext): Promise<{ sample: LiveSample } | { sample: null; exchange: Exchange }> {
  const newest = await newestBlockWithTransactions(context)
  const searched = 'searched' in newest && newest.searched !== null ? searchedText(newest.searched) : undefined
  const block = newest.block
  if (block !== null && typeof block.number === 'string' && typeof block.hash === 'string') {
    const tx = (block.transactions as Array<{ hash?: unknown; from?: unknown }>)[0]
    if (tx !== undefined && typeof tx.hash === 'string' && typeof tx.from === 'string') {
      const sample: LiveSample = { block: { number: block.number, hash: block.hash }, transaction: { hash: tx.hash, from: tx.from } }
      if (searched !== undefined) sample.searched = searched
      return { sample }
    }
  }
  // No transaction found: the head block alone.
  const exchange = await context.http!.call('eth_getBlockByNumber', [newest.head === null ? 'latest' : toQuantity(newest.head), false])
  const outcome = outcomeOf(exchange)
  const head = outcome.kind === 'result' && outcome.value !== null && typeof outcome.value === 'object' ? (outcome.value as Json) : null
  if (head === null || typeof head.number !== 'string' || typeof head.hash !== 'string') return { sample: null, exchange }
  const sample: LiveSample = { block: { number: head.number, hash: head.hash }, transaction: null }
  if (searched !== undefined) sample.searched = searched
  return { sample }
}

/** A param's name as the fillers know it: lower case, letters and digits only ("Block hash" and "blockHash" alike). */
const fillerKey = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '')

/** Params a live call could not be given, and why. */
export interface LiveGap {
  /** The first param no live value fills. */
  missing: string
  /** It names a transaction or an account, and the blocks near the head hold no transaction to take one from. */
  needsTransaction: boolean
}

/**
 * Params for `method` filled from the sample by the params' names in the spec (blockHash, block,
 * transactionHash, transactionIndex, address, fullTransactions, slot, storageKeys, transaction, filter; written
 * in any case, with spaces or not: "Block hash" is blockHash), or the first param it cannot fill.
 * Every filled value names something that exists on the target and is valid against its param's
 * schema. Optional params are filled while a value fits, and left out from the first that none does;
 * never fewer params than the spec requires, and never none of a method that takes some: a call
 * that names nothing of the chain is no live call.
 */
export function liveParams(method: MethodSpec, sample: LiveSample): { params: unknown[] } | LiveGap {
  const tx = sample.transaction
  const block = (): unknown => sample.block.number
  const blockHash = (): unknown => sample.block.hash
  const hydrated = (): unknown => true
  const slot = (): unknown => '0x0'
  const fillers: Record<string, () => unknown> = {
    blockhash: blockHash,
    block,
    blocknumber: block,
    blocktag: block,
    fulltransactions: hydrated,
    hydratedtransactions: hydrated,
    hydrated,
    slot,
    storageslot: slot,
    // eth_getProof's storage keys: slot 0, as a 32-byte word (Anvil and Hardhat refuse "0x0" there).
    storagekeys: () => [`0x${'0'.repeat(64)}`],
    filter: () => ({ blockHash: sample.block.hash }),
  }
  const fromTransaction: Record<string, () => unknown> =
    tx === null
      ? {}
      : {
          transactionhash: () => tx.hash,
          // The sampled transaction is the first of the sampled block.
          transactionindex: () => '0x0',
          address: () => tx.from,
          // To the sender itself (an account without code): a call of no data to a contract may
          // rightly revert (no fallback function), so it could not demand a result.
          transaction: () => ({ from: tx.from, to: tx.from, value: '0x0' }),
        }
  const needsTransaction = new Set(['transactionhash', 'transactionindex', 'address', 'transaction'])
  const params: unknown[] = []
  for (const param of method.params) {
    const key = fillerKey(param.name)
    const fill = fromTransaction[key] ?? fillers[key]
    const value = fill?.()
    if (value === undefined || param.validate(value).length > 0) {
      if (param.required || params.length === 0) return { missing: param.name, needsTransaction: tx === null && needsTransaction.has(key) }
      break
    }
    params.push(value)
  }
  return { params }
}

/** The target's own chain, sampled once per run for every method's live check (RPC-STANDARD) and its WebSocket comparison (RPC-WS). */
export const sampledChain = perRun(liveSample)
