import { outcomeOf } from '../checks/outcomeOf.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { RunContext } from '../run/runContext.js'
import { addressOf, signLegacyTransaction } from '../transactions/signLegacyTransaction.js'
import type { Exchange } from '../transport/exchange.js'
import type { TokenCall } from './adapter.js'
import { probeTokenInitCode } from './probeToken.js'
import { EMPTY_ACCOUNT } from './tokenAccounts.js'
import { TRANSFER_TOPIC } from './erc20Abi.js'

export { EMPTY_ACCOUNT }

/** How far back from the head a block holding transactions is looked for. */
export const TRANSACTION_LOOKBACK = 64
/** How many of the newest blocks, then of the oldest, an ERC-20 token's Transfer log is looked for in, and in windows of how many blocks. */
export const TOKEN_LOOKBACK = 1000
export const TOKEN_WINDOW = 100
/** Init code that emits one LOG0 and deploys nothing: a transaction with a log, needing no contract on the target. */
export const LOG_EMITTING_INIT_CODE = '0x60006000a000'
/** balanceOf(address) and its selector. */
const BALANCE_OF = '0x70a08231'

/** A transaction the chain holds, with the block it is in. */
export interface SampledTransaction {
  hash: string
  from: string
  blockNumber: bigint
}

/**
 * What CLIENT-COMPAT's checks read of the chain, read once a run, strictly, by the suite itself (not
 * by a library): the chain id, the head, a block holding transactions, one of its transactions, an
 * ERC-20 token with an account holding some. Anything missing says why in `missing`.
 */
export interface ChainSample {
  /** The chain id the node answered, as read (strictly when it can be; `chainIdProblem` says when it could not). */
  chainId: bigint
  chainIdProblem: string | null
  head: bigint
  /** Whether the head block carries baseFeePerGas (EIP-1559 fees). */
  eip1559: boolean
  /** The newest block with transactions (within TRANSACTION_LOOKBACK), else the head. */
  block: { number: bigint; hash: string; withTransactions: boolean }
  transaction: SampledTransaction | null
  /** An account and the block to read its balance, nonce: the transaction's sender, else the zero address. */
  account: string
  /** An account with code when one was found (the token), else the transaction's recipient. */
  codeAccount: string
  token: TokenCall | null
  /** Why a part is missing, by part (`transaction`, `token`), in words. */
  missing: { transaction?: string; token?: string }
  /** What the sample sent itself (the full profile, on a chain without a transaction or a token): the hashes. */
  sent: string | null
}

type Json = Record<string, unknown>

const samples = new WeakMap<RunContext, Promise<ChainSample | { problem: string; exchange?: Exchange }>>()

/** The run's sample (read once, shared by every check of the run). */
export function chainSample(context: RunContext, options: { mayWrite: boolean }): Promise<ChainSample | { problem: string; exchange?: Exchange }> {
  let sample = samples.get(context)
  if (sample === undefined) {
    sample = readSample(context, null)
    samples.set(context, sample)
  }
  if (!options.mayWrite || context.config.profile !== 'full' || context.config.privateKey === null) return sample
  // The full profile, asked by a check that may send: a chain without a transaction gets one.
  return sample.then(async (read) => {
    if ('problem' in read || (read.transaction !== null && read.token !== null)) return read
    const written = readSample(context, read)
    samples.set(context, written)
    return written
  })
}

async function result(
  context: RunContext,
  method: string,
  params: unknown[],
): Promise<{ value: unknown; exchange: Exchange } | { problem: string; exchange: Exchange }> {
  const exchange = await context.http!.call(method, params)
  const outcome = outcomeOf(exchange)
  if (outcome.kind === 'result') return { value: outcome.value, exchange }
  return {
    problem: `${method} ${outcome.kind === 'error' ? `answered the error ${JSON.stringify(outcome.code)} ${JSON.stringify(outcome.message)}` : outcome.reason}`,
    exchange,
  }
}

const isQuantity = (value: unknown): value is string => typeof value === 'string' && /^0x(0|[1-9a-f][0-9a-f]*)$/.test(value)
const asObject = (value: unknown): Json | null => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null)

/** A lenient reading of a number the strict reading refused, so the other checks can still run. */
function lenient(value: unknown): bigint | null {
  try {
    return typeof value === 'string' || typeof value === 'number' ? BigInt(value) : null
  } catch {
    return null
  }
}

/**
 * Reads the sample; given `before`, a sample read already that lacks a transaction or a token, first
 * makes what it lacks from the run's key (the full profile): a transaction with a log, the probe token.
 */
async function readSample(context: RunContext, before: ChainSample | null): Promise<ChainSample | { problem: string; exchange?: Exchange }> {
  const chain = await result(context, 'eth_chainId', [])
  if ('problem' in chain) return chain
  const chainId = isQuantity(chain.value) ? BigInt(chain.value) : lenient(chain.value)
  if (chainId === null)
    return { problem: `eth_chainId answered ${JSON.stringify(chain.value)}, which no reading makes a chain id of`, exchange: chain.exchange }
  const chainIdProblem = isQuantity(chain.value) ? null : `eth_chainId answered ${JSON.stringify(chain.value)}, not a hex quantity`
  let sent: string | null = null
  let deployed: TokenCall | null = null
  if (before !== null) {
    if (before.transaction === null) {
      const made = await sendLogEmitting(context, chainId)
      if ('problem' in made) return made
      sent = made.hash
    }
    if (before.token === null) {
      const made = await sendFromKey(context, chainId, { data: probeTokenInitCode(), gasLimit: 300_000n })
      if ('problem' in made) return made
      if (made.contractAddress === null) return { problem: `the probe token's creation ${made.hash} was mined without a contract address in its receipt` }
      deployed = {
        token: made.contractAddress.toLowerCase(),
        holder: addressOf(context.config.privateKey!).toLowerCase(),
        empty: EMPTY_ACCOUNT,
        to: EMPTY_ACCOUNT,
        amount: 1n,
      }
      sent = sent === null ? made.hash : `${sent}, ${made.hash}`
    }
  }
  const headRead = await result(context, 'eth_blockNumber', [])
  if ('problem' in headRead) return headRead
  const head = lenient(headRead.value)
  if (head === null) return { problem: `eth_blockNumber answered ${JSON.stringify(headRead.value)}, not a block number`, exchange: headRead.exchange }
  const headBlock = await result(context, 'eth_getBlockByNumber', [toQuantity(head), false])
  if ('problem' in headBlock) return headBlock
  const headObject = asObject(headBlock.value)
  if (headObject === null || typeof headObject.hash !== 'string')
    return { problem: `eth_getBlockByNumber of the head ${toQuantity(head)} answered no block`, exchange: headBlock.exchange }
  const eip1559 = headObject.baseFeePerGas !== undefined && headObject.baseFeePerGas !== null

  let block = { number: head, hash: headObject.hash, withTransactions: false }
  let transaction: SampledTransaction | null = null
  for (let n = head; n >= 0n && n >= head - BigInt(TRANSACTION_LOOKBACK); n--) {
    const read = await result(context, 'eth_getBlockByNumber', [toQuantity(n), true])
    const found = 'value' in read ? asObject(read.value) : null
    const txs = found?.transactions
    if (found === null || !Array.isArray(txs) || txs.length === 0 || typeof found.hash !== 'string') continue
    const tx = asObject(txs[0])
    if (tx === null || typeof tx.hash !== 'string' || typeof tx.from !== 'string') continue
    block = { number: n, hash: found.hash, withTransactions: true }
    // Addresses go to the libraries in lower case, as a user writes them (a node's spelling of one is judged where it answers it).
    transaction = { hash: tx.hash, from: tx.from.toLowerCase(), blockNumber: n }
    break
  }
  const token = deployed ?? (await findToken(context, head))
  const missing: ChainSample['missing'] = {}
  if (transaction === null) missing.transaction = `no block of the last ${TRANSACTION_LOOKBACK} before the head ${head} holds a transaction`
  if ('problem' in token) missing.token = token.problem
  return {
    chainId,
    chainIdProblem,
    head,
    eip1559,
    block,
    transaction,
    account: transaction?.from ?? '0x0000000000000000000000000000000000000000',
    codeAccount: 'token' in token ? token.token : (transaction?.from ?? '0x0000000000000000000000000000000000000000'),
    token: 'token' in token ? token : null,
    missing,
    sent,
  }
}

/** The balance of `account` in `token`, read with eth_call, or null when the answer is no 32-byte word. */
async function balanceOf(context: RunContext, token: string, account: string): Promise<bigint | null> {
  const read = await result(context, 'eth_call', [{ to: token, data: `${BALANCE_OF}${account.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest'])
  return 'value' in read && typeof read.value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(read.value) ? BigInt(read.value) : null
}

/**
 * An ERC-20 token: the newest Transfer log, first of the last TOKEN_LOOKBACK blocks, then of the first
 * TOKEN_LOOKBACK (test and development chains deploy theirs early), searched in windows of
 * TOKEN_WINDOW, whose recipient still holds some, and an account holding none.
 */
async function findToken(context: RunContext, head: bigint): Promise<TokenCall | { problem: string }> {
  const windows: Array<[bigint, bigint]> = []
  const window = BigInt(TOKEN_WINDOW)
  for (let to = head; to >= 0n && to > head - BigInt(TOKEN_LOOKBACK); to -= window) windows.push([to - window + 1n > 0n ? to - window + 1n : 0n, to])
  const oldest = head - BigInt(TOKEN_LOOKBACK) + 1n
  for (let from = 0n; from < oldest && from < BigInt(TOKEN_LOOKBACK); from += window)
    windows.push([from, from + window - 1n < oldest - 1n ? from + window - 1n : oldest - 1n])
  for (const [from, to] of windows) {
    const read = await result(context, 'eth_getLogs', [{ fromBlock: toQuantity(from), toBlock: toQuantity(to), topics: [TRANSFER_TOPIC] }])
    if (!('value' in read) || !Array.isArray(read.value)) return { problem: 'eth_getLogs did not answer a list of logs' }
    const candidates = read.value
      .map(asObject)
      .filter((log): log is Json => log !== null && Array.isArray(log.topics) && log.topics.length === 3 && typeof log.address === 'string')
      .reverse()
    for (const log of candidates.slice(0, 8)) {
      const holder = `0x${String((log.topics as unknown[])[2]).slice(-40)}`.toLowerCase()
      if (/^0x0{40}$/.test(holder)) continue
      const token = (log.address as string).toLowerCase()
      const [held, none] = await Promise.all([balanceOf(context, token, holder), balanceOf(context, token, EMPTY_ACCOUNT)])
      if (held === null || held === 0n || none !== 0n) continue
      return { token, holder, empty: EMPTY_ACCOUNT, to: EMPTY_ACCOUNT, amount: 1n }
    }
  }
  return { problem: `no ERC-20 token with a holder was found in the Transfer logs of the last ${TOKEN_LOOKBACK} blocks nor of the first ${TOKEN_LOOKBACK}` }
}

/**
 * Sends, from the run's key, a contract creation that emits one log and deploys nothing, and waits
 * (bounded) until it is mined: the full profile's way of giving a chain without transactions one.
 */
export async function sendLogEmitting(
  context: RunContext,
  chainId: bigint,
): Promise<{ hash: string; blockNumber: bigint } | { problem: string; exchange?: Exchange }> {
  return sendFromKey(context, chainId, { data: LOG_EMITTING_INIT_CODE, gasLimit: 100_000n })
}

/** Sends a value-free transfer to the run's own address from its key and waits (bounded) until it is mined: a new block. */
export async function sendNothing(
  context: RunContext,
  chainId: bigint,
): Promise<{ hash: string; blockNumber: bigint } | { problem: string; exchange?: Exchange }> {
  return sendFromKey(context, chainId, { to: addressOf(context.config.privateKey!), gasLimit: 21_000n })
}

async function sendFromKey(
  context: RunContext,
  chainId: bigint,
  fields: { to?: string; data?: string; gasLimit: bigint },
): Promise<{ hash: string; blockNumber: bigint; contractAddress: string | null } | { problem: string; exchange?: Exchange }> {
  const key = context.config.privateKey
  if (key === null) return { problem: 'the full profile needs --private-key' }
  const from = addressOf(key)
  const [nonce, price] = await Promise.all([result(context, 'eth_getTransactionCount', [from, 'pending']), result(context, 'eth_gasPrice', [])])
  if ('problem' in nonce) return nonce
  if ('problem' in price) return price
  const nonceValue = lenient(nonce.value)
  const priceValue = lenient(price.value)
  if (nonceValue === null || priceValue === null) return { problem: 'eth_getTransactionCount or eth_gasPrice answered no number', exchange: nonce.exchange }
  const tx = signLegacyTransaction({ chainId, nonce: nonceValue, gasPrice: priceValue * 2n, ...fields }, key)
  const sent = await result(context, 'eth_sendRawTransaction', [tx.raw])
  if ('problem' in sent) return sent
  const deadline = Date.now() + Math.max(30_000, context.config.timeoutMs)
  while (Date.now() < deadline) {
    const receipt = await result(context, 'eth_getTransactionReceipt', [tx.hash])
    const found = 'value' in receipt ? asObject(receipt.value) : null
    const number = found === null ? null : lenient(found.blockNumber)
    if (number !== null)
      return { hash: tx.hash, blockNumber: number, contractAddress: typeof found!.contractAddress === 'string' ? found!.contractAddress : null }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { problem: `the transaction ${tx.hash} was accepted but not mined within 30 s`, exchange: sent.exchange }
}
