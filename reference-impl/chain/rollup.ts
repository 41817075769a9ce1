import { Chain } from './chain.js'
import { GENESIS_TIMESTAMP, HISTORY_BLOCK_SECONDS, L1_ANCHOR, L1_BLOCK_SECONDS, QUEUE_EVERY_L1_BLOCKS } from './chainConstants.js'
import { ChainError } from './chainError.js'
import { type ChainLogEntry, ChainLog } from './chainLog.js'
import { depositMessage } from './depositMessage.js'
import { HISTORY_SEED, HistoryPlan } from './historyPlan.js'
import { fromHex, toData, toQuantity } from './hex.js'
import { JsonViews } from './jsonViews.js'
import { L1View } from './l1View.js'
import { blockLogsJson } from './logJson.js'
import { Mutex } from './mutex.js'
import { NodeEvents, type SyncStatus } from './nodeEvents.js'
import { RollupProgress } from './rollupProgress.js'
import { simulatedL1Head } from './simulatedL1Head.js'
import type { StoredBlock } from './storedBlock.js'

export interface RollupOptions {
  chainId: number
  /** Blocks of deterministic history generated before serving. */
  history: number
  l2GasPrice: bigint
  /** Wall clock in milliseconds (Date.now by default); block timestamps and the simulated layer 1 follow it. */
  clock: { now(): number }
  l1Rpc?: string
  datadir?: string
  /** Where operational messages go (stderr in the reference binary). */
  warn: (message: string) => void
  /** Period of the node's own clock work (layer-1 head, queue messages, batches); 0 = only when tick() is called. */
  tickMs?: number
  historySeed?: number
  /**
   * Blocks of layer-1 deposits only after the history (no signed transaction, creation or log): a
   * quiet stretch, so a client's search of a chain gone quiet can be tried on purpose. Default 0.
   */
  quietBlocks?: number
  /**
   * Serve state (balances, nonces, code, storage, calls, proofs) of the last `stateHistory` blocks
   * only, as a node that prunes older state does (geth answers "missing trie node"); default: every
   * block's. The state itself is kept: only the answers are refused.
   */
  stateHistory?: number
}

/** rollup_getInfo's result (section 2.2), counters as plain integers. */
export interface RollupInfo {
  mode: 'sequencer'
  syncing: boolean
  ethContext: { blockNumber: number; timestamp: number }
  rollupContext: { index: number; queueIndex: number; verifiedIndex: number }
}

/** Queue messages ingested per tick at most: a larger backlog is worked off over several ticks, syncing meanwhile. */
const QUEUE_MESSAGES_PER_TICK = 8

type Mode = 'history' | 'replay' | 'live'

/**
 * The sequencer around the chain: generates the history, replays the datadir log, accepts raw
 * transactions (one at a time, each in its own block), follows layer 1 (its head, and a queue deposit
 * every QUEUE_EVERY_L1_BLOCKS layer-1 blocks), posts batches by the RollupProgress rule, and announces
 * new heads, logs, pending transactions and sync status changes on `events`.
 */
export class Rollup {
  readonly chain: Chain
  readonly views: JsonViews
  readonly events: NodeEvents
  readonly l1: L1View
  readonly progress = new RollupProgress()
  readonly #options: RollupOptions
  readonly #writes = new Mutex()
  #log: ChainLog | undefined
  #timer: ReturnType<typeof setInterval> | undefined
  #nextQueueL1Block = 0
  #syncing: false | SyncStatus = false
  #syncStart: number | undefined
  #ticking = false
  #stopped = false

  private constructor(chain: Chain, options: RollupOptions) {
    this.chain = chain
    this.#options = options
    this.views = new JsonViews(chain.store)
    this.events = new NodeEvents((event, error) => options.warn(`a "${event}" listener threw: ${error instanceof Error ? error.message : String(error)}`))
    this.l1 = new L1View({ ...(options.l1Rpc !== undefined ? { rpcUrl: options.l1Rpc } : {}), warn: options.warn })
  }

  /** Builds genesis and the history, replays the datadir, reads layer 1 once and starts the clock work. */
  /** How many of the newest blocks' state the node serves (RollupOptions.stateHistory), or undefined for every block's. */
  get stateHistory(): number | undefined {
    return this.#options.stateHistory
  }

  static async start(options: RollupOptions): Promise<Rollup> {
    const chain = await Chain.create({ chainId: options.chainId, l2GasPrice: options.l2GasPrice })
    const rollup = new Rollup(chain, options)
    await rollup.#generateHistory(options.history, options.historySeed ?? HISTORY_SEED, options.quietBlocks ?? 0)
    if (options.datadir !== undefined) await rollup.#replay(options.datadir)
    await rollup.tick()
    if ((options.tickMs ?? 1000) > 0) {
      rollup.#timer = setInterval(() => {
        rollup.tick().catch((error: unknown) => options.warn(`tick failed: ${error instanceof Error ? error.message : String(error)}`))
      }, options.tickMs ?? 1000)
      rollup.#timer.unref()
    }
    return rollup
  }

  /** eth_syncing: false, or how far the node is in catching up. */
  get syncing(): false | SyncStatus {
    return this.#syncing
  }

  /** rollup_gasPrices. */
  get gasPrices(): { l1GasPrice: bigint; l2GasPrice: bigint } {
    return { l1GasPrice: this.l1.head.gasPrice, l2GasPrice: this.chain.l2GasPrice }
  }

  /** rollup_getInfo. */
  info(): RollupInfo {
    const l1 = this.l1.head
    return {
      mode: 'sequencer',
      syncing: this.#syncing !== false,
      ethContext: { blockNumber: l1.number, timestamp: l1.timestamp },
      rollupContext: this.progress.context,
    }
  }

  /**
   * eth_sendRawTransaction: executes `raw` in a new block (writes are serialized) and returns the
   * transaction hash. Refusals are TX_REJECTED ChainErrors; the chain is then unchanged.
   */
  sendRawTransaction(raw: Uint8Array): Promise<Uint8Array> {
    return this.#writes.run(async () => {
      if (this.#stopped) throw new ChainError('TX_REJECTED', 'the node is shutting down')
      const l1 = this.l1.head
      const block = await this.chain.executeTransaction(raw, { timestamp: this.#nowSeconds(), l1 })
      this.#log?.append({
        kind: 'transaction',
        raw: toData(raw),
        timestamp: Number(block.header.timestamp),
        l1: { number: l1.number, timestamp: l1.timestamp, gasPrice: l1.gasPrice.toString() },
      })
      this.#afterBlock(block, 'live')
      return (block.transactions[0] as { hash: Uint8Array }).hash
    })
  }

  /**
   * The node's clock work, run every `tickMs` (and callable directly): refresh the layer-1 head, ingest
   * the queue messages it makes due, post a batch when the rule says so.
   */
  async tick(): Promise<void> {
    if (this.#ticking || this.#stopped) return
    this.#ticking = true
    try {
      await this.l1.refresh(this.#nowSeconds())
      await this.#writes.run(async () => {
        if (this.#stopped) return
        const head = this.l1.head
        if (this.#nextQueueL1Block === 0) this.#nextQueueL1Block = head.number + QUEUE_EVERY_L1_BLOCKS
        for (let n = 0; n < QUEUE_MESSAGES_PER_TICK && head.number >= this.#nextQueueL1Block; n++) {
          const l1Block = this.#nextQueueL1Block
          const l1Timestamp = Math.max(0, head.timestamp - (head.number - l1Block) * L1_BLOCK_SECONDS)
          const queueIndex = this.progress.nextQueueIndex
          const block = await this.chain.executeQueueMessage(depositMessage(queueIndex, l1Block, l1Timestamp), this.#nowSeconds())
          this.#log?.append({ kind: 'queue', queueIndex, l1BlockNumber: l1Block, l1Timestamp, timestamp: Number(block.header.timestamp) })
          this.#afterBlock(block, 'live')
          this.#nextQueueL1Block += QUEUE_EVERY_L1_BLOCKS
        }
        const backlog = head.number >= this.#nextQueueL1Block ? Math.floor((head.number - this.#nextQueueL1Block) / QUEUE_EVERY_L1_BLOCKS) + 1 : 0
        if (backlog > 0) {
          this.#syncStart ??= this.chain.head
          this.#setSyncing(this.#syncStart, this.chain.head, this.chain.head + backlog)
        } else {
          this.#syncStart = undefined
          this.#setSyncing()
        }
        this.#postDueBatch(this.#nowSeconds(), 'live')
      })
    } finally {
      this.#ticking = false
    }
  }

  /** Stops the clock work and waits for the write in progress, if any. */
  async stop(): Promise<void> {
    this.#stopped = true
    if (this.#timer !== undefined) clearInterval(this.#timer)
    await this.#writes.run(async () => undefined)
  }

  async #generateHistory(history: number, seed: number, quiet: number): Promise<void> {
    const last = history + quiet
    if (last <= 0) return
    this.#setSyncing(0, 0, last)
    const plan = new HistoryPlan(this.chain.common, this.chain.l2GasPrice, seed)
    for (let number = 1; number <= last; number++) {
      const timestamp = GENESIS_TIMESTAMP + number * HISTORY_BLOCK_SECONDS
      const l1 = simulatedL1Head(L1_ANCHOR, timestamp)
      // Past the history, the quiet stretch: deposits only.
      const step = number > history ? ({ kind: 'queue' } as const) : plan.next(number)
      const block =
        step.kind === 'queue'
          ? await this.chain.executeQueueMessage(depositMessage(this.progress.nextQueueIndex, l1.number, l1.timestamp), timestamp)
          : await this.chain.executeTransaction(step.transaction, { timestamp, l1 })
      this.#afterBlock(block, 'history')
      if (number % 1000 === 0) this.#syncing = { startingBlock: '0x0', currentBlock: toQuantity(number), highestBlock: toQuantity(last) }
    }
    this.#setSyncing()
  }

  async #replay(datadir: string): Promise<void> {
    const { log, entries } = ChainLog.open(
      datadir,
      {
        kind: 'header',
        format: 1,
        chainId: this.chain.chainId,
        history: this.chain.head,
        l2GasPrice: this.chain.l2GasPrice.toString(),
        historyHead: toData(this.chain.store.hashOf(this.chain.head)),
      },
      this.#options.warn,
    )
    const start = this.chain.head
    if (entries.length > 0) this.#setSyncing(start, start, start + entries.filter((e) => e.kind !== 'batch').length)
    for (const [i, entry] of entries.entries()) {
      try {
        await this.#replayEntry(entry)
      } catch (error) {
        throw new Error(`datadir ${datadir}: entry ${i + 1} of the log cannot be replayed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    this.#setSyncing()
    this.#log = log
  }

  async #replayEntry(entry: ChainLogEntry): Promise<void> {
    if (entry.kind === 'batch') {
      this.progress.notePosted({ lastIndex: entry.lastIndex, timestamp: entry.timestamp })
      return
    }
    const block =
      entry.kind === 'transaction'
        ? await this.chain.executeTransaction(fromHex(entry.raw), { timestamp: entry.timestamp, l1: { ...entry.l1, gasPrice: BigInt(entry.l1.gasPrice) } })
        : await this.chain.executeQueueMessage(depositMessage(entry.queueIndex, entry.l1BlockNumber, entry.l1Timestamp), entry.timestamp)
    this.#afterBlock(block, 'replay')
  }

  /** Counters, batch rule and announcements after a block (announcements only for live blocks). */
  #afterBlock(block: StoredBlock, mode: Mode): void {
    const number = Number(block.header.number)
    const timestamp = Number(block.header.timestamp)
    for (const tx of block.transactions) this.progress.noteTransaction(number - 1, timestamp, tx.queueIndex === null ? null : Number(tx.queueIndex))
    if (mode !== 'replay') this.#postDueBatch(timestamp, mode)
    if (mode !== 'live') return
    for (const tx of block.transactions) this.events.emit('pendingTransaction', toData(tx.hash))
    const { transactions: _transactions, ...header } = this.views.block(number, false) ?? {}
    this.events.emit('newHead', header)
    const logs = blockLogsJson(block)
    if (logs.length > 0) this.events.emit('logs', logs)
  }

  #postDueBatch(nowSeconds: number, mode: Mode): void {
    const batch = this.progress.dueBatch(nowSeconds)
    if (batch === undefined) return
    this.progress.notePosted(batch)
    if (mode === 'live') this.#log?.append({ kind: 'batch', lastIndex: batch.lastIndex, timestamp: batch.timestamp })
  }

  /** Sets (and announces, when it changes) the sync status; no arguments = caught up. */
  #setSyncing(starting?: number, current?: number, highest?: number): void {
    const next: false | SyncStatus =
      starting === undefined
        ? false
        : { startingBlock: toQuantity(starting), currentBlock: toQuantity(current ?? starting), highestBlock: toQuantity(highest ?? starting) }
    if (JSON.stringify(next) === JSON.stringify(this.#syncing)) return
    this.#syncing = next
    this.events.emit('syncing', next)
  }

  #nowSeconds(): number {
    return Math.floor(this.#options.clock.now() / 1000)
  }
}
