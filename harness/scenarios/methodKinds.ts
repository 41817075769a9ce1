import type { MethodSpec, OpenRpcSpec } from '../spec/loadOpenRpc.js'

/** An `x-` extension of a method in the (dereferenced) OpenRPC document, or undefined. */
export function methodExtension(spec: OpenRpcSpec, method: string, key: string): unknown {
  const methods = (spec.document as { methods?: Array<Record<string, unknown>> }).methods ?? []
  return methods.find((m) => m.name === method)?.[key]
}

/** The method is served over HTTP (not a WebSocket-only method such as eth_subscribe). */
export function overHttp(method: MethodSpec): boolean {
  return method.transports.includes('http')
}

/**
 * The methods known to change neither the chain's state nor any state the node keeps for other
 * clients, whatever their params: the only methods a read-only run sends valid params to when the
 * spec does not mark them (`x-mutates-state`). Any other method counts as one that changes state: a
 * spec written elsewhere (the execution-apis document) marks nothing, and a read-only run must never
 * execute what it does not know to be a read. Kept to names whose behaviour is settled across
 * clients:
 * - reads of the chain and its state at a block: blocks, transactions, receipts, logs, balances,
 *   nonces, code, storage, proofs, block access lists, fee data, the chain's id and configuration,
 *   sync status, the client's version and network, and what the node says about itself
 *   (eth_accounts, eth_coinbase, eth_capabilities);
 * - calls executed on a copy of the state and thrown away: eth_call, eth_estimateGas,
 *   eth_createAccessList, eth_simulateV1, and the debug traces (debug_trace*);
 * - eth_fillTransaction: fills the defaults of an unsigned transaction and returns it unsigned, so
 *   nothing is signed and nothing sent;
 * - the raw encodings (debug_getRaw*) and the bad blocks a node remembers (debug_getBadBlocks);
 * - the transaction pool as it stands (txpool_content, txpool_contentFrom, txpool_status,
 *   txpool_inspect);
 * - eth_getFilterLogs: the logs a filter matches, without moving its cursor;
 * - eth_subscribe and eth_unsubscribe: a subscription lives on the caller's own WebSocket
 *   connection and ends with it; no other client can see or cancel it;
 * - this interface's own reads (eth_getBlockRange, rollup_getInfo, rollup_gasPrices) and its blocked
 *   eth_getAccounts, which lists nothing.
 * Left out on purpose, so counted as changing state: everything that sends, signs or holds keys
 * (eth_send*, eth_sign*, personal_*), the engine API (engine_*: it moves the head and imports
 * payloads), testing_*, admin_*, miner_*, and the node-side filters: eth_newFilter,
 * eth_newBlockFilter and eth_newPendingTransactionFilter leave a filter the node holds for minutes
 * after the run (and counts against its limits), eth_getFilterChanges moves a filter's cursor and
 * eth_uninstallFilter removes one, which on nodes whose filter ids are small counters can be another
 * client's. They change no chain state, but a read-only run promises to change nothing.
 */
export const READ_METHODS: ReadonlySet<string> = new Set([
  'web3_clientVersion',
  'web3_sha3',
  'net_version',
  'net_listening',
  'net_peerCount',
  'eth_protocolVersion',
  'eth_chainId',
  'eth_config',
  'eth_capabilities',
  'eth_syncing',
  'eth_coinbase',
  'eth_mining',
  'eth_hashrate',
  'eth_accounts',
  'eth_getAccounts',
  'eth_blockNumber',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_baseFee',
  'eth_blobBaseFee',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getTransactionCount',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getStorageValues',
  'eth_getProof',
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_simulateV1',
  'eth_fillTransaction',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockReceipts',
  'eth_getBlockAccessList',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getUncleCountByBlockNumber',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleByBlockNumberAndIndex',
  'eth_getUncleByBlockHashAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_getFilterLogs',
  'eth_subscribe',
  'eth_unsubscribe',
  'eth_getBlockRange',
  'rollup_getInfo',
  'rollup_gasPrices',
  'debug_getRawBlock',
  'debug_getRawHeader',
  'debug_getRawReceipts',
  'debug_getRawTransaction',
  'debug_getRawBlockAccessList',
  'debug_getBadBlocks',
  'debug_traceTransaction',
  'debug_traceBlockByNumber',
  'debug_traceBlockByHash',
  'debug_traceCall',
  'txpool_content',
  'txpool_contentFrom',
  'txpool_status',
  'txpool_inspect',
])

/**
 * The method may change state when it succeeds: the read-only profile never sends it params that
 * could succeed (only params the spec refuses). `x-mutates-state` in the spec decides (true or
 * false); without it, a method is a read only when READ_METHODS names it.
 */
export function mutatesState(spec: OpenRpcSpec, method: MethodSpec): boolean {
  const marked = methodExtension(spec, method.name, 'x-mutates-state')
  if (typeof marked === 'boolean') return marked
  return !READ_METHODS.has(method.name)
}

/**
 * The method is one of the node's own (`x-custom` in openrpc.json: eth_getBlockRange, rollup_*): its
 * behaviour is certified by its own requirements (RANGE-*, INFO-*, GAS-*), not by RPC-STANDARD.
 */
export function isCustom(spec: OpenRpcSpec, method: MethodSpec): boolean {
  return methodExtension(spec, method.name, 'x-custom') === true
}

/** Whether the suite may generate params for the method (`x-generated-params: false` opts out of unbounded work, e.g. eth_getLogs). */
export function generatesParams(spec: OpenRpcSpec, method: MethodSpec): boolean {
  return methodExtension(spec, method.name, 'x-generated-params') !== false
}

/** Standard methods a read-only run can call with any valid params: over HTTP, not blocked, not custom, not changing state. */
export function readOnlyStandardMethods(spec: OpenRpcSpec): MethodSpec[] {
  return spec.methods.filter((m) => overHttp(m) && m.blocked === undefined && !isCustom(spec, m) && !mutatesState(spec, m))
}

/**
 * Whether the spec refuses `params` for `method` in a way no node can read as a call to execute:
 * fewer than its required params, or a value invalid against its param's schema. Only such params
 * may be sent to a method that changes state in a read-only run, whatever the call's own purpose. A
 * param too many is no such refusal: a lenient node ignores it and executes the params before it.
 */
export function refusedBySpec(method: MethodSpec, params: readonly unknown[]): boolean {
  const required = method.params.filter((p) => p.required).length
  if (params.length < required) return true
  return params.slice(0, method.params.length).some((value, i) => method.params[i]!.validate(value).length > 0)
}
