import fc from 'fast-check'
import { deriveSeed } from '../generate/seededRun.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import type { DiffCase } from './diffCase.js'

/** Asks one side (0 or 1) one JSON-RPC call over HTTP. */
export type AskSide = (side: 0 | 1, method: string, params: unknown[]) => Promise<Exchange>

/** At most this many distinct transactions and accounts are sampled (the diff stays bounded on busy chains). */
const MAX_TRANSACTIONS = 24
const MAX_ACCOUNTS = 12
/** The widest sampled range (eth_getBlockRange, eth_getLogs). */
const MAX_RANGE = 8

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function pushNew(list: string[], value: unknown, cap: number): void {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) && list.length < cap && !list.includes(value.toLowerCase())) list.push(value.toLowerCase())
}

/**
 * Requests drawn from the chains themselves (issue: "samples drawn from the chain: blocks,
 * transactions, accounts, ranges at heights both targets have"): block 0, `commonHeight` and a
 * seeded sample between them, by number and by hash (the hashes both sides answered); the
 * transactions and receipts of those blocks; the balance, nonce and code of the accounts they
 * touch, at a sampled height; block ranges and log ranges within the common height. Blocks are read
 * from both sides, so an object one side holds and the other lacks is asked of both.
 */
export async function chainSamples(
  ask: AskSide,
  options: { seed: number; runs: number; commonHeight: number; selected: (method: string) => boolean },
): Promise<DiffCase[]> {
  const top = options.commonHeight
  const picked = fc.sample(fc.integer({ min: 0, max: top }), {
    seed: deriveSeed(options.seed, 'diff.chain.blocks'),
    numRuns: Math.max(1, Math.min(options.runs, 8)),
  })
  const heights = [...new Set([0, top, ...picked])].sort((a, b) => a - b)
  const blockHashes: string[] = []
  const txHashes: string[] = []
  const accounts: string[] = []
  for (const height of heights) {
    const answers = await Promise.all([ask(0, 'eth_getBlockByNumber', [toQuantity(height), true]), ask(1, 'eth_getBlockByNumber', [toQuantity(height), true])])
    for (const exchange of answers) {
      const outcome = rpcOutcome(exchange)
      if (outcome.kind !== 'result' || !isObject(outcome.value)) continue
      const block = outcome.value
      pushNew(blockHashes, block.hash, 2 * heights.length)
      pushNew(accounts, block.miner, MAX_ACCOUNTS)
      for (const tx of Array.isArray(block.transactions) ? block.transactions : []) {
        if (!isObject(tx)) continue
        pushNew(txHashes, tx.hash, MAX_TRANSACTIONS)
        pushNew(accounts, tx.from, MAX_ACCOUNTS)
        pushNew(accounts, tx.to, MAX_ACCOUNTS)
      }
    }
  }
  const cases: DiffCase[] = []
  const add = (method: string, params: unknown[], label: string): void => {
    if (options.selected(method)) cases.push({ transport: 'http', method, params, source: 'chain-sample', label })
  }
  for (const height of heights) {
    const n = toQuantity(height)
    add('eth_getBlockByNumber', [n, false], `block ${height}`)
    add('eth_getBlockByNumber', [n, true], `block ${height} with transactions`)
    add('eth_getBlockTransactionCountByNumber', [n], `block ${height}`)
  }
  for (const hash of blockHashes) add('eth_getBlockByHash', [hash, false], `block ${hash.slice(0, 10)}…`)
  for (const hash of txHashes) {
    add('eth_getTransactionByHash', [hash], `transaction ${hash.slice(0, 10)}…`)
    add('eth_getTransactionReceipt', [hash], `transaction ${hash.slice(0, 10)}…`)
  }
  const accountHeights = fc.sample(fc.integer({ min: 0, max: top }), {
    seed: deriveSeed(options.seed, 'diff.chain.accounts'),
    numRuns: Math.max(1, accounts.length),
  })
  accounts.forEach((account, i) => {
    const n = toQuantity(accountHeights[i] ?? top)
    for (const method of ['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode'])
      add(method, [account, n], `account ${account.slice(0, 10)}… at ${accountHeights[i] ?? top}`)
  })
  const ranges = fc.sample(
    fc
      .integer({ min: 0, max: top })
      .chain((start) => fc.integer({ min: start, max: Math.min(top, start + MAX_RANGE - 1) }).map((end) => [start, end] as const)),
    { seed: deriveSeed(options.seed, 'diff.chain.ranges'), numRuns: Math.max(1, Math.min(options.runs, 4)) },
  )
  for (const [start, end] of ranges) {
    add('eth_getBlockRange', [toQuantity(start), toQuantity(end), false], `blocks ${start}-${end}`)
    add('eth_getLogs', [{ fromBlock: toQuantity(start), toBlock: toQuantity(end) }], `logs of blocks ${start}-${end}`)
  }
  return cases
}
