import type { ClientAdapter, ClientSettings, LibraryName, WatchAdapter } from './adapter.js'
import type { HttpBridge } from './httpBridge.js'
import { guardLibraryRejections } from './rejectionGuard.js'
import type { WsBridge } from './wsBridge.js'

/**
 * The client libraries CLIENT-COMPAT runs, at the exact versions package.json pins (a unit test keeps
 * the two equal, and a check says so when the loaded library is another). Each is loaded only when a
 * check of it runs (a dynamic import), so a run that leaves CLIENT-COMPAT out never loads them.
 */
export const LIBRARIES: ReadonlyArray<{ name: LibraryName; version: string; title: string }> = [
  { name: 'viem', version: '2.57.20', title: 'viem 2' },
  { name: 'ethers', version: '6.17.0', title: 'ethers 6' },
  { name: 'web3', version: '4.16.0', title: 'web3.js 4' },
]

/** One operation a library is tried on: its id (the check id's last part), the transport, and what it does. */
export interface Operation {
  id: string
  /** `ws`: the library's block watcher over WebSocket; `http`: every other operation. */
  transport: 'http' | 'ws'
  /** What the operation does, in words (the check's title says it per library). */
  what: string
  /** The library's own call for it, per library (the check's title names it). */
  calls: Readonly<Record<LibraryName, string>>
}

/** The operations of the matrix, in its order (report.html's columns). */
export const OPERATIONS: readonly Operation[] = [
  { id: 'chain-id', transport: 'http', what: 'the chain id', calls: { viem: 'getChainId', ethers: '_detectNetwork', web3: 'eth.getChainId' } },
  {
    id: 'block-number',
    transport: 'http',
    what: 'the head block number',
    calls: { viem: 'getBlockNumber', ethers: 'getBlockNumber', web3: 'eth.getBlockNumber' },
  },
  {
    id: 'block-by-number',
    transport: 'http',
    what: 'a block with transactions, by number, transaction hashes only',
    calls: { viem: 'getBlock', ethers: 'getBlock', web3: 'eth.getBlock' },
  },
  {
    id: 'block-by-number-full',
    transport: 'http',
    what: 'a block with transactions, by number, whole transactions',
    calls: { viem: 'getBlock', ethers: 'getBlock', web3: 'eth.getBlock' },
  },
  {
    id: 'block-by-hash',
    transport: 'http',
    what: 'a block with transactions, by hash, transaction hashes only',
    calls: { viem: 'getBlock', ethers: 'getBlock', web3: 'eth.getBlock' },
  },
  {
    id: 'block-by-hash-full',
    transport: 'http',
    what: 'a block with transactions, by hash, whole transactions',
    calls: { viem: 'getBlock', ethers: 'getBlock', web3: 'eth.getBlock' },
  },
  { id: 'balance', transport: 'http', what: "a sender's balance at that block", calls: { viem: 'getBalance', ethers: 'getBalance', web3: 'eth.getBalance' } },
  {
    id: 'nonce',
    transport: 'http',
    what: "a sender's nonce at that block",
    calls: { viem: 'getTransactionCount', ethers: 'getTransactionCount', web3: 'eth.getTransactionCount' },
  },
  { id: 'code', transport: 'http', what: "a contract's code (an account's, none found)", calls: { viem: 'getCode', ethers: 'getCode', web3: 'eth.getCode' } },
  {
    id: 'transaction',
    transport: 'http',
    what: 'a transaction found on the chain',
    calls: { viem: 'getTransaction', ethers: 'getTransaction', web3: 'eth.getTransaction' },
  },
  {
    id: 'receipt',
    transport: 'http',
    what: "that transaction's receipt",
    calls: { viem: 'getTransactionReceipt', ethers: 'getTransactionReceipt', web3: 'eth.getTransactionReceipt' },
  },
  { id: 'logs', transport: 'http', what: 'the logs of a small range of blocks', calls: { viem: 'getLogs', ethers: 'getLogs', web3: 'eth.getPastLogs' } },
  { id: 'gas-price', transport: 'http', what: 'the gas price', calls: { viem: 'getGasPrice', ethers: 'getFeeData().gasPrice', web3: 'eth.getGasPrice' } },
  {
    id: 'fee-data',
    transport: 'http',
    what: "the library's fee estimate",
    calls: { viem: 'estimateFeesPerGas', ethers: 'getFeeData', web3: 'eth.calculateFeeData' },
  },
  {
    id: 'call',
    transport: 'http',
    what: "an ERC-20 token's balanceOf, called",
    calls: { viem: 'readContract', ethers: 'Contract.balanceOf', web3: 'Contract.methods.balanceOf().call' },
  },
  {
    id: 'estimate-gas',
    transport: 'http',
    what: 'the gas of a token transfer',
    calls: { viem: 'estimateContractGas', ethers: 'Contract.transfer.estimateGas', web3: 'Contract.methods.transfer().estimateGas' },
  },
  {
    id: 'call-revert',
    transport: 'http',
    what: "a reverting token transfer, simulated: the revert's reason decoded",
    calls: { viem: 'simulateContract', ethers: 'Contract.transfer.staticCall', web3: 'Contract.methods.transfer().call' },
  },
  {
    id: 'estimate-gas-revert',
    transport: 'http',
    what: "a reverting token transfer, estimated: the revert's reason decoded",
    calls: { viem: 'estimateContractGas', ethers: 'Contract.transfer.estimateGas', web3: 'Contract.methods.transfer().estimateGas' },
  },
  {
    id: 'watch-blocks',
    transport: 'ws',
    what: 'new heads watched over WebSocket, two consecutive at least',
    calls: { viem: 'watchBlocks', ethers: "on('block')", web3: "eth.subscribe('newHeads')" },
  },
  {
    id: 'raw.eth_getBlockRange',
    transport: 'http',
    what: 'eth_getBlockRange through the raw request, handed back as answered',
    calls: { viem: 'request', ethers: 'send', web3: 'requestManager.send' },
  },
  {
    id: 'raw.rollup_getInfo',
    transport: 'http',
    what: 'rollup_getInfo through the raw request, handed back as answered',
    calls: { viem: 'request', ethers: 'send', web3: 'requestManager.send' },
  },
  {
    id: 'raw.rollup_gasPrices',
    transport: 'http',
    what: 'rollup_gasPrices through the raw request, handed back as answered',
    calls: { viem: 'request', ethers: 'send', web3: 'requestManager.send' },
  },
  {
    id: 'send-transaction',
    transport: 'http',
    what: "a transfer signed by the library's wallet with the run's key, its receipt awaited through the library (full profile)",
    calls: { viem: 'sendTransaction + waitForTransactionReceipt', ethers: 'Wallet.sendTransaction + wait', web3: 'eth.sendTransaction' },
  },
]

/** The check id of a library's operation: `client.<library>.<operation>`. */
export function clientCheckId(library: LibraryName, operation: string): string {
  return `client.${library}.${operation}`
}

/** The library and operation of a CLIENT-COMPAT check id, or null for another id. */
export function parseClientCheckId(id: string): { library: LibraryName; operation: string } | null {
  const match = /^client\.(viem|ethers|web3)\.(.+)$/.exec(id)
  return match === null ? null : { library: match[1] as LibraryName, operation: match[2]! }
}

/** Opens a library's client over the run's HTTP transport (the library is loaded now, not before). */
export async function openClient(library: LibraryName, bridge: HttpBridge, settings: ClientSettings & { eip1559: boolean }): Promise<ClientAdapter> {
  guardLibraryRejections()
  if (library === 'viem') return (await import('./viemAdapter.js')).viemClient(bridge, settings)
  if (library === 'ethers') return (await import('./ethersAdapter.js')).ethersClient(bridge, settings)
  return (await import('./web3Adapter.js')).web3Client(bridge, settings)
}

/** Opens a library's block watcher over the run's WebSocket. */
export async function openWatcher(library: LibraryName, bridge: WsBridge, settings: ClientSettings): Promise<WatchAdapter> {
  guardLibraryRejections()
  if (library === 'viem') return (await import('./viemAdapter.js')).viemWatcher(bridge, settings)
  if (library === 'ethers') return (await import('./ethersAdapter.js')).ethersWatcher(bridge, settings)
  return (await import('./web3Adapter.js')).web3Watcher(bridge, settings)
}
