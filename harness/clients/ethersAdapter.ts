import type { ClientAdapter, ClientSettings, RevertReading, WatchAdapter } from './adapter.js'
import { responseOf, type HttpBridge } from './httpBridge.js'
import type { FieldSources } from './judgeReading.js'
import { integer, pick, plain, type Reading } from './reading.js'
import type { WsBridge } from './wsBridge.js'

type Ethers = typeof import('ethers')

const ERC20 = ['function balanceOf(address owner) view returns (uint256)', 'function transfer(address to, uint256 value) returns (bool)']

/** What ethers's Block exposes, by JSON-RPC name (prevRandao is mixHash). */
const BLOCK = {
  number: 'integer',
  hash: 'plain',
  parentHash: 'plain',
  nonce: 'plain',
  miner: 'plain',
  difficulty: 'integer',
  extraData: 'plain',
  gasLimit: 'integer',
  gasUsed: 'integer',
  timestamp: 'integer',
  baseFeePerGas: 'integer',
  stateRoot: 'plain',
  receiptsRoot: 'plain',
  mixHash: 'plain',
} as const
const BLOCK_NAMES = { mixHash: 'prevRandao' }
/** What ethers's TransactionResponse exposes (its signature read apart: r, s and the parity). */
const TRANSACTION = {
  hash: 'plain',
  nonce: 'integer',
  blockHash: 'plain',
  blockNumber: 'integer',
  transactionIndex: 'integer',
  from: 'plain',
  to: 'plain',
  value: 'integer',
  gas: 'integer',
  gasPrice: 'integer',
  maxFeePerGas: 'integer',
  maxPriorityFeePerGas: 'integer',
  input: 'plain',
  type: 'integer',
  chainId: 'integer',
} as const
const TRANSACTION_NAMES = { transactionIndex: 'index', gas: 'gasLimit', input: 'data' }
const RECEIPT = {
  transactionHash: 'plain',
  transactionIndex: 'integer',
  blockHash: 'plain',
  blockNumber: 'integer',
  from: 'plain',
  to: 'plain',
  cumulativeGasUsed: 'integer',
  gasUsed: 'integer',
  effectiveGasPrice: 'integer',
  contractAddress: 'plain',
  logsBloom: 'plain',
  status: 'integer',
  type: 'integer',
} as const
const RECEIPT_NAMES = { transactionHash: 'hash', transactionIndex: 'index', effectiveGasPrice: 'gasPrice' }
const LOG = {
  address: 'plain',
  topics: 'plain',
  data: 'plain',
  blockNumber: 'integer',
  blockHash: 'plain',
  transactionHash: 'plain',
  transactionIndex: 'integer',
  logIndex: 'integer',
  removed: 'plain',
} as const
const LOG_NAMES = { logIndex: 'index' }

/**
 * The fields ethers's formatters read from another field first (format.js: a key, then its
 * alternatives): a transaction's and a receipt's position from `index`, a log's from `index`, a
 * receipt's hash from `hash`, gas from `gasLimit`, input from `data`, mixHash from `prevRandao`.
 */
export const ETHERS_SOURCES: FieldSources = {
  block: { mixHash: ['prevRandao', 'mixHash'] },
  transaction: { transactionIndex: ['index', 'transactionIndex'], gas: ['gasLimit', 'gas'], input: ['data', 'input'] },
  receipt: {
    transactionIndex: ['index', 'transactionIndex'],
    transactionHash: ['hash', 'transactionHash'],
    effectiveGasPrice: ['effectiveGasPrice', 'gasPrice'],
  },
  log: { logIndex: ['index', 'logIndex'] },
}

function readTransaction(tx: unknown): Reading | null {
  if (tx === null || tx === undefined) return null
  const reading = pick(tx, TRANSACTION, TRANSACTION_NAMES)
  const signature = (tx as { signature?: { r?: unknown; s?: unknown; yParity?: unknown } }).signature
  reading.r = plain(signature?.r)
  reading.s = plain(signature?.s)
  reading.yParity = integer(signature?.yParity)
  return reading
}

function readLog(log: unknown): Reading {
  return pick(log, LOG, LOG_NAMES)
}

/** A receipt's log: ethers's receipt logs carry no `removed` (formatReceiptLog), so it is not read. */
function readReceiptLog(log: unknown): Reading {
  const { removed: _none, ...reading } = readLog(log)
  return reading
}

function readReceipt(receipt: unknown): Reading | null {
  if (receipt === null || receipt === undefined) return null
  const reading = pick(receipt, RECEIPT, RECEIPT_NAMES)
  const logs = (receipt as { logs?: unknown }).logs
  reading.logs = Array.isArray(logs) ? logs.map(readReceiptLog) : plain(logs)
  return reading
}

function readBlock(block: unknown, full: boolean): Reading | null {
  if (block === null || block === undefined) return null
  const reading = pick(block, BLOCK, BLOCK_NAMES)
  const source = block as { transactions?: unknown; prefetchedTransactions?: unknown }
  const transactions = full ? source.prefetchedTransactions : source.transactions
  reading.transactions = Array.isArray(transactions) ? transactions.map((tx) => (typeof tx === 'string' ? tx : readTransaction(tx))) : plain(transactions)
  return reading
}

/** The JSON-RPC error an ethers error wraps (ethers keeps it in `info.error`, or `error`). */
function rpcErrorOf(error: unknown): Record<string, unknown> | undefined {
  const candidate = error as { info?: { error?: unknown }; error?: unknown } | null
  const inner = candidate?.info?.error ?? candidate?.error
  return inner !== null && typeof inner === 'object' ? (inner as Record<string, unknown>) : undefined
}

/**
 * An ethers FetchRequest whose bytes go through the bridge: no throttling retries (one attempt), a
 * 429 not retried, the run's --timeout as its own.
 */
function fetchRequest(ethers: Ethers, bridge: HttpBridge, timeoutMs: number): InstanceType<Ethers['FetchRequest']> {
  const request = new ethers.FetchRequest(bridge.url)
  request.timeout = timeoutMs
  request.setThrottleParams({ maxAttempts: 1 })
  request.retryFunc = async () => false
  request.getUrlFunc = async (req) => {
    const body = req.body === null ? '' : new TextDecoder().decode(req.body)
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      parsed = body
    }
    const response = responseOf(await bridge.post(parsed))
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => (headers[name] = value))
    return { statusCode: response.status, statusMessage: response.statusText, headers, body: new Uint8Array(await response.arrayBuffer()) }
  }
  return request
}

/**
 * ethers over the run's HTTP transport: a JsonRpcProvider whose FetchRequest posts through the bridge,
 * told the chain id the suite read (staticNetwork: it never runs its network detection, which retries
 * every second for ever and prints to stdout), with no cache. Its batching is left as ethers does it.
 */
export async function ethersClient(bridge: HttpBridge, settings: ClientSettings): Promise<ClientAdapter> {
  const ethers = await import('ethers')
  const request = fetchRequest(ethers, bridge, settings.timeoutMs)
  const options = { staticNetwork: true, cacheTimeout: -1, polling: false, pollingInterval: settings.pollingIntervalMs }
  const provider = new ethers.JsonRpcProvider(request, ethers.Network.from(settings.chainId), options)
  const token = (address: string): InstanceType<Ethers['Contract']> => new ethers.Contract(address, ERC20, provider)
  const others: Array<{ destroy(): void }> = []
  return {
    library: 'ethers',
    decodesReasons: { call: true, estimate: true },
    version: ethers.version,
    sources: ETHERS_SOURCES,
    async chainId() {
      // The chain id as ethers detects it: a provider of its own, told nothing, asked once.
      const detecting = new ethers.JsonRpcProvider(request, undefined, { staticNetwork: true, cacheTimeout: -1 })
      others.push(detecting)
      return integer((await detecting._detectNetwork()).chainId)
    },
    blockNumber: async () => integer(await provider.getBlockNumber()),
    block: async (ref, full) => readBlock(await provider.getBlock('number' in ref ? ref.number : ref.hash, full), full),
    balance: async (address, block) => integer(await provider.getBalance(address, block)),
    nonce: async (address, block) => integer(await provider.getTransactionCount(address, block)),
    code: async (address, block) => plain(await provider.getCode(address, block)),
    transaction: async (hash) => readTransaction(await provider.getTransaction(hash)),
    receipt: async (hash) => readReceipt(await provider.getTransactionReceipt(hash)),
    logs: async (fromBlock, toBlock) => (await provider.getLogs({ fromBlock, toBlock })).map(readLog),
    gasPrice: async () => integer((await provider.getFeeData()).gasPrice),
    feeData: async () => {
      const fees = await provider.getFeeData()
      return { gasPrice: integer(fees.gasPrice), maxFeePerGas: integer(fees.maxFeePerGas), maxPriorityFeePerGas: integer(fees.maxPriorityFeePerGas) }
    },
    tokenBalance: async (call) => integer(await token(call.token).getFunction('balanceOf')(call.holder)),
    estimateTransfer: async (call, from) => integer(await token(call.token).getFunction('transfer').estimateGas(call.to, call.amount, { from })),
    simulateTransfer: async (call, from) => token(call.token).getFunction('transfer').staticCall(call.to, call.amount, { from }),
    revertOf: (error): RevertReading => {
      const { reason, data } = (error ?? {}) as { reason?: unknown; data?: unknown }
      return { reason: typeof reason === 'string' ? reason : null, data: typeof data === 'string' ? data : null }
    },
    errorCodeOf: (error) => {
      const code = rpcErrorOf(error)?.code
      return typeof code === 'number' ? code : undefined
    },
    raw: (method, params) => provider.send(method, params),
    async sendAndWait(privateKey, waitMs) {
      const wallet = new ethers.Wallet(privateKey, provider)
      const sent = await wallet.sendTransaction({ to: wallet.address, value: 0n })
      const receipt = await sent.wait(1, waitMs)
      return { hash: plain(sent.hash), receipt: readReceipt(receipt) }
    },
    async close() {
      for (const other of others) other.destroy()
      provider.destroy()
      bridge.close()
    },
  }
}

/**
 * A WebSocket as ethers's WebSocketProvider takes one (its WebSocketLike), carried by the bridge: each
 * frame ethers writes is a request sent through it, each answer and notification a message back.
 * A request that got no answer is left unanswered, as a silent socket leaves it (the check's bound ends it).
 */
class BridgeSocket {
  onopen: ((...args: unknown[]) => unknown) | null = null
  onmessage: ((...args: unknown[]) => unknown) | null = null
  onerror: ((...args: unknown[]) => unknown) | null = null
  readyState = 0
  /** Requests ethers wrote that got no answer to hand it (ethers's own promise for each is still pending). */
  unanswered = 0
  readonly #bridge: WsBridge
  readonly #stop: () => void

  constructor(bridge: WsBridge) {
    this.#bridge = bridge
    this.#stop = bridge.onMessage((message) => this.onmessage?.({ data: JSON.stringify(message) }))
    setImmediate(() => {
      if (this.readyState !== 0) return
      this.readyState = 1
      this.onopen?.()
    })
  }

  send(payload: unknown): void {
    let body: unknown
    try {
      body = JSON.parse(String(payload))
    } catch {
      return
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return
    this.unanswered++
    this.#bridge.request(body as Record<string, unknown>).then(
      (answer) => {
        this.unanswered--
        this.onmessage?.({ data: JSON.stringify(answer) })
      },
      () => undefined,
    )
  }

  close(): void {
    this.readyState = 3
    this.#stop()
  }
}

/** ethers's block events (provider.on('block')) over the run's WebSocket: a WebSocketProvider on a BridgeSocket. */
export async function ethersWatcher(bridge: WsBridge, settings: ClientSettings): Promise<WatchAdapter> {
  const ethers = await import('ethers')
  let socket: BridgeSocket | undefined
  const provider = new ethers.WebSocketProvider(() => (socket = new BridgeSocket(bridge)) as never, ethers.Network.from(settings.chainId), {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: settings.pollingIntervalMs,
  })
  return {
    library: 'ethers',
    version: ethers.version,
    async watch(onHead, onError) {
      const listener = (number: unknown): void => onHead({ number: integer(number) })
      const failed = (error: unknown): void => onError(error)
      await provider.on('block', listener)
      await provider.on('error', failed)
      return async () => {
        await provider.off('block', listener)
        await provider.off('error', failed)
        // ethers sends eth_unsubscribe a turn later without awaiting it: wait (bounded) for its answer,
        // so closing never cuts it off.
        await new Promise((resolve) => setImmediate(resolve))
        const deadline = Date.now() + settings.timeoutMs
        while ((socket?.unanswered ?? 0) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    async close() {
      // destroy() rejects ethers's pending requests, and ethers does not catch the one it sends on
      // unsubscribing: with a request left unanswered, the provider is left to go, not destroyed.
      if ((socket?.unanswered ?? 0) === 0) await provider.destroy()
      await bridge.close()
    },
  }
}
