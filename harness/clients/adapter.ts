import type { FieldSources } from './judgeReading.js'
import type { Reading, ReadValue } from './reading.js'

/** The client libraries CLIENT-COMPAT runs (harness/clients/libraries.ts pins their versions). */
export type LibraryName = 'viem' | 'ethers' | 'web3'

/** How a client is set up for a run: bounded, no retries, no polling it was not asked for. */
export interface ClientSettings {
  /** The run's --timeout: each of the library's requests, and the library's own time-outs. */
  timeoutMs: number
  /** The chain id the suite read itself (strictly): libraries that would detect the network are told it instead. */
  chainId: bigint
  /** How often a library polls while it waits for a receipt (the full profile). */
  pollingIntervalMs: number
}

/** A block named by number or by hash. */
export type BlockRef = { number: bigint } | { hash: string }

/** An ERC-20 token and the accounts a check uses with it. */
export interface TokenCall {
  token: string
  /** An account holding tokens (balanceOf, a transfer's estimate). */
  holder: string
  /** An account holding none: its transfer reverts. */
  empty: string
  /** Where a transfer goes. */
  to: string
  amount: bigint
}

/** What a library says of a revert it was given: the reason it decoded (null: none), and its words. */
export interface RevertReading {
  reason: string | null
  /** The revert data the library kept, when it exposes it. */
  data: string | null
}

/**
 * One client library, set up over the run's transports, with the operations CLIENT-COMPAT runs: each
 * is the library's own public call for it (what a user of the library writes), and each answer is
 * handed back as a Reading (harness/clients/reading.ts), field names as in JSON-RPC, numbers as
 * bigint, so it compares with the suite's own strict reading of the same answer. A call the library
 * refuses rejects with the library's own error.
 */
export interface ClientAdapter {
  readonly library: LibraryName
  /** The version of the library that was loaded. */
  readonly version: string
  /** Fields the library reads from another field of the answer first (its documented aliases). */
  readonly sources?: FieldSources
  /**
   * Whether the library decodes a revert's reason for its users, per call (web3 does for a contract
   * call, not for an estimate, where it hands back the revert data): where it does not, handing back
   * the data is all it owes.
   */
  readonly decodesReasons: { call: boolean; estimate: boolean }
  chainId(): Promise<ReadValue>
  blockNumber(): Promise<ReadValue>
  block(ref: BlockRef, full: boolean): Promise<Reading | null>
  balance(address: string, block: bigint): Promise<ReadValue>
  nonce(address: string, block: bigint): Promise<ReadValue>
  code(address: string, block: bigint): Promise<ReadValue>
  transaction(hash: string): Promise<Reading | null>
  receipt(hash: string): Promise<Reading | null>
  logs(fromBlock: bigint, toBlock: bigint): Promise<Reading[]>
  gasPrice(): Promise<ReadValue>
  /** The library's fee data: `eip1559` when the chain's head carries baseFeePerGas. */
  feeData(eip1559: boolean): Promise<Reading>
  /** balanceOf(holder) through the library's contract API. */
  tokenBalance(call: TokenCall): Promise<ReadValue>
  /** The gas of transfer(to, amount) from `from`, through the library's contract API. */
  estimateTransfer(call: TokenCall, from: string): Promise<ReadValue>
  /** transfer(to, amount) from `from` as a call (simulated), through the library's contract API: reverts when `from` holds too little. */
  simulateTransfer(call: TokenCall, from: string): Promise<unknown>
  /** The revert a library error carries, as the library decoded it. */
  revertOf(error: unknown): RevertReading
  /** The JSON-RPC error code a library error carries (the target's), if it kept one. */
  errorCodeOf(error: unknown): number | undefined
  /** A method the library has no call for, through its raw request: the result as the library hands it back. */
  raw(method: string, params: unknown[]): Promise<unknown>
  /** Signs a transfer of nothing to itself with `privateKey`, sends it and waits (bounded) for its receipt, all through the library. */
  sendAndWait(privateKey: string, waitMs: number): Promise<{ hash: ReadValue; receipt: Reading | null }>
  /** Ends the client: timers stopped, the bridge closed. */
  close(): Promise<void>
}

/** A library's block watcher over WebSocket. */
export interface WatchAdapter {
  readonly library: LibraryName
  readonly version: string
  /**
   * Starts the library's watcher of new heads (viem watchBlocks, ethers on('block'), web3
   * subscribe('newHeads')); each head it reports is handed to `onHead` as a Reading (at least its
   * number). Resolves once watching, to the function that stops it.
   */
  watch(onHead: (head: Reading) => void, onError: (error: unknown) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}
