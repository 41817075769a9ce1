import { outcomeOf } from '../checks/outcomeOf.js'
import type { Finding } from '../checks/finding.js'
import { headOf } from '../checks/headOf.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { RunContext } from '../run/runContext.js'
import { batchedCalls, type BatchedCall } from '../transport/batchedCalls.js'
import { TRANSFER_TOPIC } from '../clients/erc20Abi.js'

type Json = Record<string, unknown>

/** How far back from the head the history checks look for blocks whose history says an answer must change. */
export const HISTORY_LOOKBACK = 64

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

/** The blocks near the head, newest first, and pairs of blocks between which the chain's own history says an answer must change. */
export interface HistorySample {
  head: number
  /** Blocks read (full transaction objects), newest first. */
  blocks: Json[]
  sender: SenderPair | null
  creation: CreationPair | null
  transfer: TransferPair | null
}

const ZERO_ADDRESS = `0x${'0'.repeat(40)}`
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const WORD = /^0x[0-9a-fA-F]{64}$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
/** Blocks read at once while walking back from the head. */
const CHUNK = 8

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const quantity = (value: unknown): bigint | null => (typeof value === 'string' && QUANTITY.test(value) ? BigInt(value) : null)

async function result(context: RunContext, method: string, params: unknown[]): Promise<unknown> {
  const outcome = outcomeOf(await context.http!.call(method, params))
  return outcome.kind === 'result' ? outcome.value : undefined
}

/** The results of independent reads of sealed data, in one batch (batchedCalls: what the batch leaves unanswered is asked alone); undefined where none. */
async function results(context: RunContext, calls: BatchedCall[]): Promise<unknown[]> {
  const { exchanges } = await batchedCalls(context.http!, calls)
  return exchanges.map((exchange) => {
    const outcome = outcomeOf(exchange)
    return outcome.kind === 'result' ? outcome.value : undefined
  })
}

function refOf(block: Json): BlockRef | null {
  const number = quantity(block.number)
  return number === null || typeof block.hash !== 'string' ? null : { number: Number(number), hash: block.hash }
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
    return {
      block: ref,
      parent,
      sender,
      nonce,
      count: own.length,
      transaction: String(tx.hash),
      miner: typeof block.miner === 'string' ? block.miner.toLowerCase() : null,
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

/**
 * The chain's history near the head (HISTORY_LOOKBACK blocks at most, newest first, read CHUNK at a
 * time, each chunk in one batch, and only as far as needed): the newest block whose transactions moved a sender's nonce, the
 * newest that created a contract (with code), the newest whose Transfer logs moved a holder's token
 * balance, and blocks with logs (what `wanted` asks for). Read-only; the receipts read are bounded
 * (HISTORY_RECEIPTS). The finding instead when eth_blockNumber answers no block number.
 */
export async function chainHistory(context: RunContext, wanted: HistoryWanted): Promise<{ sample: HistorySample } | { finding: Finding }> {
  const read = headOf(await context.http!.call('eth_blockNumber', []), 'so no history can be sampled')
  if ('finding' in read) return read
  const head = read.head
  const sample: HistorySample = { head, blocks: [], sender: null, creation: null, transfer: null }
  let receiptsLeft = HISTORY_RECEIPTS
  const lowest = Math.max(1, head - HISTORY_LOOKBACK + 1)
  const receipts = async (hashes: string[]): Promise<unknown[]> => {
    receiptsLeft -= hashes.length
    return results(
      context,
      hashes.map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })),
    )
  }
  const done = (): boolean =>
    sample.sender !== null &&
    (!wanted.creation || sample.creation !== null) &&
    (!wanted.transfer || sample.transfer !== null) &&
    sample.blocks.filter(hasLogs).length >= wanted.logBlocks
  for (let top = head; top >= lowest && !done(); top -= CHUNK) {
    const numbers = Array.from({ length: Math.min(CHUNK, top - lowest + 1) }, (_, i) => top - i)
    // Each block and its parent's hash: the parent of the last of the chunk is read with it.
    const blocks = await results(
      context,
      [...numbers, numbers.at(-1)! - 1].map((n) => ({ method: 'eth_getBlockByNumber', params: [toQuantity(n), true] })),
    )
    for (const [i, block] of blocks.slice(0, -1).entries()) {
      const parentBlock = blocks[i + 1]
      if (!isObject(block) || !isObject(parentBlock)) continue
      const ref = refOf(block)
      const parent = refOf(parentBlock)
      if (ref === null || parent === null || parent.number !== ref.number - 1) continue
      sample.blocks.push(block)
      const txs = Array.isArray(block.transactions) ? block.transactions.filter(isObject) : []
      if (txs.length === 0) continue
      sample.sender ??= senderOf(block, ref, parent)
      if (wanted.creation && sample.creation === null && receiptsLeft > 0) {
        const created = txs.filter((tx) => tx.to === null && tx.queueOrigin !== 'l1' && typeof tx.hash === 'string').slice(0, 2)
        for (const receipt of created.length === 0 ? [] : await receipts(created.map((tx) => String(tx.hash)))) {
          const contract =
            isObject(receipt) && quantity(receipt.status) === 1n && typeof receipt.contractAddress === 'string' && ADDRESS.test(receipt.contractAddress)
              ? receipt.contractAddress.toLowerCase()
              : null
          if (contract === null || sample.creation !== null) continue
          const code = await result(context, 'eth_getCode', [contract, toQuantity(ref.number)])
          if (typeof code === 'string' && code.length > 2)
            sample.creation = { block: ref, parent, contract, transaction: String((receipt as Json).transactionHash) }
        }
      }
      if (wanted.transfer && sample.transfer === null && hasLogs(block) && txs.length <= receiptsLeft) {
        sample.transfer = transferOf(await receipts(txs.map((tx) => String(tx.hash))), ref, parent)
      }
    }
  }
  return { sample }
}
