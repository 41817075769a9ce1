import { compareRestAnswers, compareRpcAnswers, type Difference } from '../diff/compareAnswers.js'
import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'

/**
 * Fields a correct node fills differently each time it builds the same chain (ARCHITECTURE.md,
 * transcripts): the time a block was sealed, and every hash or root that covers it (a block's hash,
 * its parent's, the state root that includes the block reward's timing, a log's or a
 * transaction's block hash), and a receipt's layer-1 fee, priced at the layer-1 gas price of the
 * moment. Replay compares answers with these set aside.
 */
export const VOLATILE_FIELDS: ReadonlySet<string> = new Set([
  'timestamp',
  'hash',
  'parentHash',
  'blockHash',
  'stateRoot',
  'receiptsRoot',
  'mixHash',
  'logsBloom',
  'size',
  'l1Fee',
  'l1GasPrice',
  'l1BlockNumber',
  'l1Timestamp',
])

/** Methods whose answer is about the moving head or the moving layer 1: compared by kind (result or error code), not by value. */
export const HEAD_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'rollup_getInfo',
  'rollup_gasPrices',
  'eth_gasPrice',
  'eth_feeHistory',
  'eth_syncing',
  'net_peerCount',
])

/** Block tags that name a moving block: an answer about one is compared by kind, not by value. */
const MOVING_TAGS = new Set(['latest', 'pending', 'safe', 'finalized'])

/** Lookups whose answer is null until a transaction is mined or a block sealed: null on one side is timing, not a difference. */
const MINED_LOOKUPS = new Set(['eth_getTransactionReceipt', 'eth_getTransactionByHash', 'eth_getBlockByNumber', 'eth_getBlockByHash'])

/** A block number carried by a block (`number`) or by what a block holds (`blockNumber`), if any. */
function blockNumberOf(value: Record<string, unknown>): number | null {
  const text = typeof value.blockNumber === 'string' ? value.blockNumber : typeof value.number === 'string' && 'parentHash' in value ? value.number : null
  return text !== null && /^0x[0-9a-f]+$/i.test(text) ? Number.parseInt(text, 16) : null
}

/**
 * The value with what legitimately differs set aside: the volatile fields, and whole objects of new
 * blocks (a block, transaction, receipt or log at a height of `newFrom` or more: which transactions
 * a new block holds is a matter of when it was sealed).
 */
function setAside(value: unknown, newFrom: number): unknown {
  if (Array.isArray(value)) return value.map((item) => setAside(item, newFrom))
  if (value === null || typeof value !== 'object') return value
  const number = blockNumberOf(value as Record<string, unknown>)
  if (number !== null && number >= newFrom) return '<in a new block>'
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) out[key] = VOLATILE_FIELDS.has(key) ? '<differs legitimately>' : setAside(item, newFrom)
  return out
}

/** Whether the params name a block of height `newFrom` or more (a hex quantity): what it holds, or whether it exists yet, is timing. */
function namesNewBlock(params: unknown, newFrom: number): boolean {
  return (
    Array.isArray(params) &&
    params.some((p) => typeof p === 'string' && /^0x[0-9a-f]{1,8}$/i.test(p) && Number.parseInt(p, 16) >= newFrom && Number.parseInt(p, 16) < newFrom + 100_000)
  )
}

function namesMovingBlock(params: unknown): boolean {
  return (
    Array.isArray(params) &&
    params.some(
      (p) =>
        (typeof p === 'string' && MOVING_TAGS.has(p)) ||
        (p !== null && typeof p === 'object' && Object.values(p).some((v) => typeof v === 'string' && MOVING_TAGS.has(v))),
    )
  )
}

function withResult(exchange: Exchange, value: unknown): Exchange {
  const response = exchange.response as Record<string, unknown>
  return { ...exchange, response: { ...response, result: value } }
}

/** Every string anywhere in a JSON value (params that may name a block by its hash). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const item of value) strings(item, out)
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out)
  return out
}

/**
 * Compares replayed answers with recorded ones (`l2conf replay`), request by request in the
 * recorded order, with the diff's rules (compareRpcAnswers: errors by code, never message; the
 * client version; the head) and replay's own, for what legitimately differs when the same requests
 * meet another node, or the same node later:
 * - volatile fields (VOLATILE_FIELDS) are set aside;
 * - new blocks (a height of `newFrom` or more, the first one the target did not hold when the
 *   replay began) are set aside whole: which transactions a new block holds is a matter of when it
 *   was sealed; a request naming a new block by height, or by a hash the recording got for one, is
 *   timing whatever it answers, as long as it answers;
 * - answers about the moving head (HEAD_METHODS, a block named latest or pending) are compared by
 *   kind only; a not-yet-mined or not-yet-sealed null is timing.
 */
export class ReplayComparison {
  readonly #newFrom: number
  /** Hashes the recording got for new blocks (and what they hold). */
  readonly #newHashes = new Set<string>()

  constructor(newFrom: number) {
    this.#newFrom = newFrom
  }

  #learn(value: unknown): void {
    if (Array.isArray(value)) return value.forEach((item) => this.#learn(item))
    if (value === null || typeof value !== 'object') return
    const record = value as Record<string, unknown>
    const number = blockNumberOf(record)
    if (number !== null && number >= this.#newFrom)
      for (const key of ['hash', 'blockHash']) if (typeof record[key] === 'string') this.#newHashes.add((record[key] as string).toLowerCase())
    for (const item of Object.values(record)) this.#learn(item)
  }

  /** How a replayed JSON-RPC answer differs from the recorded one; null when they agree. */
  rpc(request: unknown, recorded: Exchange, replayed: Exchange): Difference | null {
    const method = String((request as { method?: unknown } | null)?.method ?? '')
    const params = (request as { params?: unknown } | null)?.params
    const a = rpcOutcome(recorded)
    const b = rpcOutcome(replayed)
    if (a.kind === 'result') this.#learn(a.value)
    const namesNewHash = strings(params).some((text) => this.#newHashes.has(text.toLowerCase()))
    // A new block may not exist yet on the target, but a method the target does not have is never timing.
    const methodMissing = a.kind === 'result' && b.kind === 'error' && (b as { code?: unknown }).code === -32601
    if ((namesNewBlock(params, this.#newFrom) || namesNewHash) && a.kind !== 'broken' && b.kind !== 'broken' && !methodMissing) return null
    if (a.kind === 'result' && b.kind === 'result') {
      if (HEAD_METHODS.has(method) || namesMovingBlock(params)) return null
      if (MINED_LOOKUPS.has(method) && (a.value === null || b.value === null)) return null
      return compareRpcAnswers(method, withResult(recorded, setAside(a.value, this.#newFrom)), withResult(replayed, setAside(b.value, this.#newFrom)), 0)
    }
    return compareRpcAnswers(method, recorded, replayed, 0)
  }

  /** How a replayed REST answer differs from the recorded one: the status, then the body with what legitimately differs set aside. */
  rest(recorded: Exchange, replayed: Exchange): Difference | null {
    const aside = (exchange: Exchange): Exchange =>
      exchange.response === undefined ? exchange : { ...exchange, response: setAside(exchange.response, this.#newFrom) }
    return compareRestAnswers(aside(recorded), aside(replayed))
  }
}
