import { BackgroundTraffic } from './chain/backgroundTraffic.js'
import { DEFAULT_L2_GAS_PRICE } from './chain/chainConstants.js'
import type { NodeEvents } from './chain/nodeEvents.js'
import { Rollup } from './chain/rollup.js'
import { createMethodTable } from './methods/createMethodTable.js'
import type { MethodTable } from './rpc/methodTable.js'

export type { LogJson } from './chain/logJson.js'
export { type LogCriteria, matchesLogFilter } from './chain/matchesLogFilter.js'
export type { NodeEventMap, NodeEvents, SyncStatus } from './chain/nodeEvents.js'
export { type LogFilter, logFilterArgument } from './methods/logFilterArgument.js'

/** How to build the reference node (flags of reference-impl/main.ts). */
export interface NodeOptions {
  /** Chain id (default 901). */
  chainId?: number
  /** Blocks of deterministic history generated before serving (default 40). */
  history?: number
  /** Blocks of layer-1 deposits only after the history: a quiet stretch (default 0). */
  quietBlocks?: number
  /** A layer-1 JSON-RPC node to follow (default: a simulated layer-1 clock). */
  l1Rpc?: string
  /** Layer-2 gas price in wei (default 1 gwei); cheaper transactions are rejected. */
  l2GasPrice?: bigint
  /** Milliseconds since the epoch (default Date.now): block timestamps and the simulated layer 1 follow it. */
  clock?: { now(): number }
  /** Keep the chain across restarts as a log of what happened after the history (default: in memory). */
  datadir?: string
  /** Seconds between the blocks of background traffic (a transaction with a log each); default none: the head moves only when asked. */
  blockTime?: number
  /** Serve the state of the last N blocks only (older state queries answer "missing trie node"); default every block's. */
  stateHistory?: number
}

/** A running reference node: its JSON-RPC methods and its events, for the transports to serve. */
export interface Node {
  chainId: number
  methods: MethodTable
  events: NodeEvents
  /** Number of the head block. */
  head(): bigint
  /** Stops the node's clock work and waits for the write in progress. */
  stop(): Promise<void>
}

/** Default blocks of generated history. */
export const DEFAULT_HISTORY = 40

/**
 * Builds the reference layer-2 node: genesis (development accounts, treasury tokens), the generated
 * history, the datadir replay, the layer-1 view; returns when it can answer. Operational messages
 * (layer-1 node unreachable, ...) go to stderr.
 */
export async function createNode(options: NodeOptions = {}): Promise<Node> {
  const chainId = options.chainId ?? 901
  const history = options.history ?? DEFAULT_HISTORY
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new RangeError(`chainId must be a positive integer, got ${chainId}`)
  if (!Number.isSafeInteger(history) || history < 0) throw new RangeError(`history must be a non-negative integer, got ${history}`)
  if (options.blockTime !== undefined && !(options.blockTime > 0))
    throw new RangeError(`blockTime must be a positive number of seconds, got ${options.blockTime}`)
  if (options.quietBlocks !== undefined && !(Number.isSafeInteger(options.quietBlocks) && options.quietBlocks >= 0))
    throw new RangeError(`quietBlocks must be a non-negative integer, got ${options.quietBlocks}`)
  if (options.stateHistory !== undefined && !(Number.isSafeInteger(options.stateHistory) && options.stateHistory >= 1))
    throw new RangeError(`stateHistory must be a positive integer, got ${options.stateHistory}`)
  if (options.l2GasPrice !== undefined && options.l2GasPrice < 0n) throw new RangeError(`l2GasPrice must not be negative, got ${options.l2GasPrice}`)
  const warn = (message: string): void => void process.stderr.write(`[node] ${message}\n`)
  const rollup = await Rollup.start({
    chainId,
    history,
    l2GasPrice: options.l2GasPrice ?? DEFAULT_L2_GAS_PRICE,
    clock: options.clock ?? Date,
    ...(options.l1Rpc !== undefined ? { l1Rpc: options.l1Rpc } : {}),
    ...(options.datadir !== undefined ? { datadir: options.datadir } : {}),
    ...(options.stateHistory !== undefined ? { stateHistory: options.stateHistory } : {}),
    ...(options.quietBlocks !== undefined ? { quietBlocks: options.quietBlocks } : {}),
    warn,
  })
  const traffic = options.blockTime === undefined ? undefined : new BackgroundTraffic(rollup, options.blockTime * 1000, warn)
  return {
    chainId: rollup.chain.chainId,
    methods: createMethodTable(rollup),
    events: rollup.events,
    head: () => BigInt(rollup.chain.head),
    stop: async () => {
      await traffic?.stop()
      await rollup.stop()
    },
  }
}
