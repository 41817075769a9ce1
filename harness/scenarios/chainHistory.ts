import { outcomeOf } from '../checks/outcomeOf.js'
import type { Finding } from '../checks/finding.js'
import { headOf } from '../checks/headOf.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { RunContext } from '../run/runContext.js'
import type { BatchedCall } from '../transport/batchedCalls.js'
import { TRANSFER_TOPIC } from '../clients/erc20Abi.js'
import { blocksBack, contextReader, firstChange, logProbes, SEARCH_REQUESTS, searchWayOf, type ChainReader, type Searched } from './historySearch.js'

type Json = Record<string, unknown>

/** The most blocks with transactions the sample keeps whole (the newest; the walk goes on past them only to find pairs). */
export const HISTORY_BLOCKS_KEPT = 256

/** How far behind the head the aged facts lie at least: a node that keeps recent history only, or answers old blocks from the head, shows there. */
export const AGED_BEHIND = 128

/** The most receipts the history sample reads (creations' contract addresses, blocks' Transfer logs). */
export const HISTORY_RECEIPTS = 24

/** A block of the chain, by number and hash. */
export interface BlockRef {
  number: number
  hash: string
}

/** Block `block` holds transactions of `sender`, the first of nonce `nonce`: its nonce at the parent is `nonce`, at the block `nonce + count`. */
export interface SenderPair {
  block: BlockRef
  parent: BlockRef
  sender: string
  nonce: bigint
  count: number
  /** The first of its transactions in the block. */
  transaction: string
  /** The block's fee recipient (its balance moves by other rules than a sender's). */
  miner: string | null
  /** The gas price of its first transaction (0 where none is shown). */
  gasPrice: bigint
  /** Whether the block pays the sender back (a transaction to it), so its balance may not fall. */
  paidBack: boolean
}

/** Block `block` created `contract` (its code is none at the parent, some at the block). */
export interface CreationPair {
  block: BlockRef
  parent: BlockRef
  contract: string
  transaction: string
}

/** Block `block` moved ERC-20 `token` to or from `holder` by `net` (the sum of its Transfer logs in the block, not zero). */
export interface TransferPair {
  block: BlockRef
  parent: BlockRef
  token: string
  holder: string
  net: bigint
  transaction: string
}

/** Blocks of the chain, newest first, and pairs of blocks between which the chain's own history says an answer must change. */
export interface HistorySample {
  head: number
  /** The blocks with transactions read walking back from the newest with logs (full transaction objects), newest first, none left out between them. */
  blocks: Json[]
  /** What the search looked at, and what it cost. */
  searched: Searched
  sender: SenderPair | null
  creation: CreationPair | null
  transfer: TransferPair | null
  /**
   * Facts from deep in the history (at least AGED_BEHIND blocks behind the head, log-spaced probes):
   * a sender's transaction and a block with logs, so answers about old blocks are compared too.
   */
  aged: { sender: SenderPair | null; logs: Json | null }
}

const ZERO_ADDRESS = `0x${'0'.repeat(40)}`
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const WORD = /^0x[0-9a-fA-F]{64}$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const quantity = (value: unknown): bigint | null => (typeof value === 'string' && QUANTITY.test(value) ? BigInt(value) : null)

async function result(reader: ChainReader, method: string, params: unknown[]): Promise<unknown> {
  return (await reader.read([{ method, params }]))[0]
}

/** The results of independent reads of sealed data, in one round trip; undefined where none. */
async function results(reader: ChainReader, calls: BatchedCall[]): Promise<unknown[]> {
  return reader.read(calls)
}

function refOf(block: Json): BlockRef | null {
  const number = quantity(block.number)
  return number === null || typeof block.hash !== 'string' ? null : { number: Number(number), hash: block.hash }
}

/** The parent of a block, by its number and the parentHash it names. */
function parentOf(block: Json, ref: BlockRef): BlockRef | null {
  return ref.number > 0 && typeof block.parentHash === 'string' ? { number: ref.number - 1, hash: block.parentHash } : null
}

/**
 * A transaction signed by its sender, which moves the sender's nonce by one: not a layer-1 queue
 * message (l2geth's queueOrigin "l1", signature zero: its nonce is the queue index) nor a deposit
 * (type 0x7e), and of a type whose nonce is the sender's (legacy, 2930, 1559, 4844).
 */
function signedBySender(tx: Json): boolean {
  if (tx.queueOrigin === 'l1') return false
  if (tx.type !== undefined && !['0x0', '0x00', '0x1', '0x01', '0x2', '0x02', '0x3', '0x03'].includes(String(tx.type))) return false
  if ([tx.r, tx.s].every((part) => quantity(part) === 0n)) return false
  return typeof tx.from === 'string' && ADDRESS.test(tx.from) && quantity(tx.nonce) !== null && typeof tx.hash === 'string'
}

/** The first signed sender of `block` whose transactions there carry consecutive nonces (none when an EIP-7702 transaction may move nonces otherwise). */
function senderOf(block: Json, ref: BlockRef, parent: BlockRef): SenderPair | null {
  const txs = Array.isArray(block.transactions) ? block.transactions.filter(isObject) : []
  if (txs.some((tx) => tx.type === '0x4' || tx.type === '0x04')) return null
  for (const tx of txs) {
    if (!signedBySender(tx)) continue
    const sender = String(tx.from).toLowerCase()
    const own = txs.filter((t) => typeof t.from === 'string' && t.from.toLowerCase() === sender && signedBySender(t))
    const nonce = quantity(tx.nonce)!
    if (!own.every((t, i) => quantity(t.nonce) === nonce + BigInt(i))) continue
    const miner = typeof block.miner === 'string' ? block.miner.toLowerCase() : null
    return {
      block: ref,
      parent,
      sender,
      nonce,
      count: own.length,
      transaction: String(tx.hash),
      miner,
      gasPrice: quantity(tx.gasPrice) ?? 0n,
      paidBack: miner === sender || txs.some((t) => typeof t.to === 'string' && t.to.toLowerCase() === sender),
    }
  }
  return null
}

/** The ERC-20 Transfer logs of `receipts`: token, from, to, value (Transfer(address,address,uint256): three topics, the value as 32 bytes of data). */
function transfersOf(receipts: readonly unknown[]): Array<{ token: string; from: string; to: string; value: bigint; transaction: string }> {
  const found = []
  for (const receipt of receipts) {
    if (!isObject(receipt) || !Array.isArray(receipt.logs)) continue
    for (const log of receipt.logs) {
      if (
        !isObject(log) ||
        !Array.isArray(log.topics) ||
        log.topics.length !== 3 ||
        typeof log.topics[0] !== 'string' ||
        log.topics[0].toLowerCase() !== TRANSFER_TOPIC
      )
        continue
      const [, from, to] = log.topics
      if (
        typeof from !== 'string' ||
        typeof to !== 'string' ||
        !WORD.test(from) ||
        !WORD.test(to) ||
        typeof log.data !== 'string' ||
        !WORD.test(log.data) ||
        typeof log.address !== 'string'
      )
        continue
      found.push({
        token: log.address.toLowerCase(),
        from: `0x${from.slice(26)}`.toLowerCase(),
        to: `0x${to.slice(26)}`.toLowerCase(),
        value: BigInt(log.data),
        transaction: String(log.transactionHash ?? receipt.transactionHash),
      })
    }
  }
  return found
}

/** A holder whose balance of a token block `block` changed, by the block's Transfer logs (every receipt of the block). */
function transferOf(receipts: readonly unknown[], ref: BlockRef, parent: BlockRef): TransferPair | null {
  const transfers = transfersOf(receipts)
  for (const candidate of transfers) {
    if (candidate.from === candidate.to || candidate.value === 0n || candidate.from === ZERO_ADDRESS) continue
    const holder = candidate.from
    let net = 0n
    for (const t of transfers) {
      if (t.token !== candidate.token) continue
      if (t.to === holder) net += t.value
      if (t.from === holder) net -= t.value
    }
    if (net !== 0n) return { block: ref, parent, token: candidate.token, holder, net, transaction: candidate.transaction }
  }
  return null
}

/** What the history sample looks for: a creation and a Transfer only where the run makes no history of its own; blocks with logs, a few. */
export interface HistoryWanted {
  creation: boolean
  transfer: boolean
  /** Blocks with logs to find before the walk may stop (history.logs wants some on either side of its range). */
  logBlocks: number
}

const hasLogs = (block: Json): boolean => typeof block.logsBloom === 'string' && /[1-9a-fA-F]/.test(block.logsBloom.slice(2))
const transactionsOf = (block: Json): Json[] => (Array.isArray(block.transactions) ? block.transactions.filter(isObject) : [])

/** Contracts found in use in `blocks` (called with data, or the token of a Transfer), newest first, a few: their creation may be pinned by bisection. */
function contractsCalled(blocks: readonly Json[], transfer: TransferPair | null): string[] {
  const found = new Set<string>(transfer === null ? [] : [transfer.token])
  for (const block of blocks)
    for (const tx of transactionsOf(block))
      if (typeof tx.to === 'string' && ADDRESS.test(tx.to) && typeof tx.input === 'string' && tx.input.length > 2) found.add(tx.to.toLowerCase())
  return [...found].slice(0, 2)
}

/**
 * The chain's history, searched back from the head (historySearch.ts): whole blocks walked back in
 * eth_getBlockRange windows or batches of per-block reads, within SEARCH_REQUESTS requests; then, for
 * what is still missing, log-spaced probes of the blocks the walk did not reach; then a contract's
 * creation pinned by bisection of its code. Found: the newest block whose transactions moved a
 * sender's nonce, the newest that created a contract (with code), the newest whose Transfer logs
 * moved a holder's token balance (each with a parent whose state is served: the node's archive
 * depth), and blocks with logs (what `wanted` asks for). Read-only; the receipts read are bounded
 * (HISTORY_RECEIPTS). The finding instead when eth_blockNumber answers no block number.
 */
export async function chainHistory(context: RunContext, wanted: HistoryWanted): Promise<{ sample: HistorySample } | { finding: Finding }> {
  const read = headOf(await context.http!.call('eth_blockNumber', []), 'so no history can be sampled')
  if ('finding' in read) return read
  const head = read.head
  const way = await searchWayOf(context)
  const reader = contextReader(context)
  const searched: Searched = {
    from: head + 1,
    to: head,
    requests: 0,
    way: way ?? { window: null, stateFloor: head, note: 'no search way discovered' },
    probed: [],
  }
  const sample: HistorySample = { head, blocks: [], searched, sender: null, creation: null, transfer: null, aged: { sender: null, logs: null } }
  const stateFloor = searched.way.stateFloor
  let receiptsLeft = HISTORY_RECEIPTS
  const receipts = async (hashes: string[]): Promise<unknown[]> => {
    receiptsLeft -= hashes.length
    return results(
      reader,
      hashes.map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })),
    )
  }
  const pairsFound = (): boolean => sample.sender !== null && (!wanted.creation || sample.creation !== null) && (!wanted.transfer || sample.transfer !== null)
  const done = (): boolean => pairsFound() && sample.blocks.filter(hasLogs).length >= wanted.logBlocks
  /** Looks at one whole block for the pairs still missing (only where its parent's state is served). */
  const consider = async (block: Json): Promise<void> => {
    const ref = refOf(block)
    const parent = ref === null ? null : parentOf(block, ref)
    const txs = transactionsOf(block)
    if (ref === null || parent === null || parent.number < stateFloor || txs.length === 0) return
    sample.sender ??= senderOf(block, ref, parent)
    if (wanted.creation && sample.creation === null && receiptsLeft > 0) {
      const created = txs.filter((tx) => tx.to === null && tx.queueOrigin !== 'l1' && typeof tx.hash === 'string').slice(0, 2)
      for (const receipt of created.length === 0 ? [] : await receipts(created.map((tx) => String(tx.hash)))) {
        const contract = contractOf(receipt)
        if (contract === null || sample.creation !== null) continue
        const code = await result(reader, 'eth_getCode', [contract, toQuantity(ref.number)])
        if (typeof code === 'string' && code.length > 2)
          sample.creation = { block: ref, parent, contract, transaction: String((receipt as Json).transactionHash) }
      }
    }
    if (wanted.transfer && sample.transfer === null && hasLogs(block) && txs.length <= receiptsLeft) {
      sample.transfer = transferOf(await receipts(txs.map((tx) => String(tx.hash))), ref, parent)
    }
  }
  if (way !== null) {
    for await (const step of blocksBack(reader, way, head, 1, SEARCH_REQUESTS)) {
      searched.from = step.low
      for (const block of step.blocks) {
        if (transactionsOf(block).length === 0) continue
        // Kept from the newest block with logs down (a range of logs is taken there), a bounded number.
        if (sample.blocks.length < HISTORY_BLOCKS_KEPT && (hasLogs(block) || sample.blocks.length > 0)) sample.blocks.push(block)
        if (!pairsFound()) await consider(block)
        if (done()) break
      }
      if (done()) break
    }
    // Past the walk's end: log-spaced probes of the blocks it did not reach, for the pairs still missing.
    if (!pairsFound() && searched.from - 1 > stateFloor) {
      const probes = logProbes(stateFloor + 1, searched.from - 1)
      searched.probed.push(...probes)
      const blocks = await results(
        reader,
        probes.map((n) => ({ method: 'eth_getBlockByNumber', params: [toQuantity(n), true] })),
      )
      for (const block of blocks.filter(isObject).reverse()) if (!pairsFound()) await consider(block)
    }
    if (wanted.creation && sample.creation === null) await pinCreation(reader, sample, stateFloor, receipts)
    await agedFacts(reader, sample, stateFloor)
  }
  searched.requests = reader.requests
  return { sample }
}

/** The address a successful creation's receipt names, lower case; null otherwise. */
function contractOf(receipt: unknown): string | null {
  return isObject(receipt) && quantity(receipt.status) === 1n && typeof receipt.contractAddress === 'string' && ADDRESS.test(receipt.contractAddress)
    ? receipt.contractAddress.toLowerCase()
    : null
}

/**
 * A contract in use whose creation lies past what the walk read: the block where its code appears,
 * pinned by bisection of eth_getCode between the oldest block with state and the head (about log2 of
 * the chain's length in reads), and the creation in it (a transaction whose receipt names the contract;
 * else, created by another contract, the block's first transaction).
 */
async function pinCreation(reader: ChainReader, sample: HistorySample, stateFloor: number, receipts: (hashes: string[]) => Promise<unknown[]>): Promise<void> {
  const hasCode = async (contract: string, block: number): Promise<boolean | undefined> => {
    const code = await result(reader, 'eth_getCode', [contract, toQuantity(block)])
    return typeof code === 'string' ? code.length > 2 : undefined
  }
  for (const contract of contractsCalled(sample.blocks, sample.transfer)) {
    if ((await hasCode(contract, sample.head)) !== true || (await hasCode(contract, stateFloor)) !== false) continue
    const number = await firstChange(stateFloor, sample.head, (block) => hasCode(contract, block))
    if (number === null) continue
    sample.searched.probed.push(number)
    const [block] = await results(reader, [{ method: 'eth_getBlockByNumber', params: [toQuantity(number), true] }])
    const ref = isObject(block) ? refOf(block) : null
    const parent = ref === null ? null : parentOf(block as Json, ref)
    if (ref === null || parent === null || ref.number !== number) continue
    const txs = transactionsOf(block as Json)
    const creations = txs.filter((tx) => tx.to === null && typeof tx.hash === 'string').slice(0, 2)
    const named = (await receipts(creations.map((tx) => String(tx.hash)))).find((receipt) => contractOf(receipt) === contract)
    const transaction = isObject(named) ? String(named.transactionHash) : typeof txs[0]?.hash === 'string' ? txs[0].hash : 'a call of another contract'
    sample.creation = { block: ref, parent, contract, transaction }
    return
  }
}

/**
 * The aged facts (HistorySample.aged): log-spaced probes (one batch) of the blocks at least
 * AGED_BEHIND behind the head, down to the oldest whose parent's state is served; the oldest sender
 * found, and the oldest block with logs.
 */
async function agedFacts(reader: ChainReader, sample: HistorySample, stateFloor: number): Promise<void> {
  const high = sample.head - AGED_BEHIND
  const low = Math.max(1, stateFloor + 1)
  if (high < low) return
  const probes = logProbes(low, high)
  sample.searched.probed.push(...probes)
  const blocks = await results(
    reader,
    probes.map((n) => ({ method: 'eth_getBlockByNumber', params: [toQuantity(n), true] })),
  )
  for (const block of blocks.filter(isObject)) {
    const ref = refOf(block)
    const parent = ref === null ? null : parentOf(block, ref)
    if (ref === null || parent === null || transactionsOf(block).length === 0) continue
    sample.aged.sender ??= senderOf(block, ref, parent)
    if (sample.aged.logs === null && hasLogs(block)) sample.aged.logs = block
  }
}
