import { EventEmitter } from 'node:events'
import type { ClientAdapter, ClientSettings, RevertReading, WatchAdapter } from './adapter.js'
import { ERC20_ABI } from './erc20Abi.js'
import type { HttpBridge } from './httpBridge.js'
import { integer, plain, type Reading } from './reading.js'
import type { BridgeMessage, WsBridge } from './wsBridge.js'

type Web3Module = typeof import('web3')
/** A web3 instance, as this module uses it (web3's generic types do not survive exactOptionalPropertyTypes). */
type Web3Instance = InstanceType<Web3Module['Web3']>

/** web3's objects keep the answer's field names, its integers as bigint (the default return format). */
const read = (value: unknown): Reading | null => (value === null || value === undefined ? null : (plain(value) as Reading))

/** The first object of a web3 error's chain (cause, innerError) that carries what `pick` finds. */
function walk<T>(error: unknown, pick: (candidate: Record<string, unknown>) => T | undefined): T | undefined {
  const seen = new Set<unknown>()
  const queue: unknown[] = [error]
  while (queue.length > 0 && seen.size < 16) {
    const current = queue.shift()
    if (current === null || typeof current !== 'object' || seen.has(current)) continue
    seen.add(current)
    const found = pick(current as Record<string, unknown>)
    if (found !== undefined) return found
    const { cause, innerError, error: inner } = current as { cause?: unknown; innerError?: unknown; error?: unknown }
    queue.push(cause, innerError, inner)
  }
  return undefined
}

/**
 * The provider web3 is given: web3's own provider base class (the documented way to bring a transport),
 * whose requests go through the run's transports. Over HTTP it does what web3's HttpProvider does
 * (a non-2xx answer is a ResponseError); over WebSocket it also carries subscriptions and emits their
 * notifications as 'message' events, as web3's socket providers do.
 */
function providerClass(web3: Web3Module) {
  // Typed loosely: web3's declared listener signatures are generic over its event map; web3 itself
  // knows a provider by the base class's symbol, which the subclass inherits.
  const Base = web3.Web3BaseProvider as unknown as new () => object
  return class BridgeProvider extends Base {
    readonly #http: HttpBridge | undefined
    readonly #ws: WsBridge | undefined
    readonly #events = new EventEmitter()
    readonly #stop: (() => void) | undefined

    constructor(bridge: { http: HttpBridge } | { ws: WsBridge }) {
      super()
      this.#events.setMaxListeners(100)
      if ('http' in bridge) this.#http = bridge.http
      else {
        this.#ws = bridge.ws
        this.#stop = bridge.ws.onMessage((message: BridgeMessage) => this.#events.emit('message', message))
      }
    }

    getStatus(): never {
      throw new web3.MethodNotImplementedError()
    }

    supportsSubscriptions(): boolean {
      return this.#ws !== undefined
    }

    async request(payload: unknown): Promise<never> {
      if (this.#ws !== undefined) return (await this.#ws.request(payload as Record<string, unknown>)) as never
      const exchange = await this.#http!.post(payload)
      if (exchange.httpStatus === undefined)
        throw new Error(`${exchange.failure?.code ?? 'L2CONF_ERR_BAD_RESPONSE'}: ${exchange.failure?.message ?? 'no answer'}`)
      const body = exchange.response ?? exchange.rawResponse
      if (exchange.httpStatus < 200 || exchange.httpStatus > 299) throw new web3.ResponseError(body as never, undefined, undefined, exchange.httpStatus)
      if (exchange.response === undefined) throw new SyntaxError(`the answer is not JSON: ${String(exchange.rawResponse).slice(0, 200)}`)
      // A copy: web3 formats what it is handed in place, and the exchange is evidence.
      return structuredClone(exchange.response) as never
    }

    on(event: string, listener: (...args: unknown[]) => void): void {
      this.#events.on(event, listener)
    }

    removeListener(event: string, listener: (...args: unknown[]) => void): void {
      this.#events.removeListener(event, listener)
    }

    once(event: string, listener: (...args: unknown[]) => void): void {
      this.#events.once(event, listener)
    }

    removeAllListeners(event?: string): void {
      this.#events.removeAllListeners(event)
    }

    connect(): void {}

    disconnect(): void {
      this.#stop?.()
    }

    reset(): void {}

    reconnect(): void {}
  }
}

/**
 * web3 configured as its documentation asks for such a chain: no EIP-1559 transactions where the head
 * has no baseFeePerGas, one confirmation, receipts polled at the run's pace and for a bounded time.
 */
function configure(instance: Web3Instance, settings: ClientSettings, eip1559: boolean, waitMs: number): void {
  instance.eth.transactionPollingInterval = settings.pollingIntervalMs
  instance.eth.transactionReceiptPollingInterval = settings.pollingIntervalMs
  instance.eth.transactionConfirmationPollingInterval = settings.pollingIntervalMs
  instance.eth.transactionPollingTimeout = waitMs
  instance.eth.transactionSendTimeout = waitMs
  instance.eth.transactionBlockTimeout = 50
  instance.eth.transactionConfirmationBlocks = 1
  if (!eip1559) instance.eth.defaultTransactionType = '0x0'
}

async function load(): Promise<Web3Module> {
  return (await import('web3')) as unknown as Web3Module
}

/** web3 over the run's HTTP transport. */
export async function web3Client(bridge: HttpBridge, settings: ClientSettings & { eip1559: boolean }): Promise<ClientAdapter> {
  const web3 = await load()
  const Provider = providerClass(web3)
  const instance = new web3.Web3(new Provider({ http: bridge }) as never) as unknown as Web3Instance
  configure(instance, settings, settings.eip1559, 30_000)
  const token = (address: string) => new instance.eth.Contract(ERC20_ABI, address)
  return {
    library: 'web3',
    decodesReasons: { call: true, estimate: false },
    version: web3.Web3.version,
    chainId: async () => integer(await instance.eth.getChainId()),
    blockNumber: async () => integer(await instance.eth.getBlockNumber()),
    block: async (ref, full) => read(await instance.eth.getBlock('number' in ref ? ref.number : ref.hash, full)),
    balance: async (address, block) => integer(await instance.eth.getBalance(address, block)),
    nonce: async (address, block) => integer(await instance.eth.getTransactionCount(address, block)),
    code: async (address, block) => plain(await instance.eth.getCode(address, block)),
    transaction: async (hash) => read(await instance.eth.getTransaction(hash)),
    receipt: async (hash) => read(await instance.eth.getTransactionReceipt(hash)),
    logs: async (fromBlock, toBlock) => ((await instance.eth.getPastLogs({ fromBlock, toBlock })) as unknown[]).map((log) => plain(log) as Reading),
    gasPrice: async () => integer(await instance.eth.getGasPrice()),
    feeData: async () => plain(await instance.eth.calculateFeeData()) as Reading,
    tokenBalance: async (call) => integer(await token(call.token).methods.balanceOf(call.holder).call()),
    estimateTransfer: async (call, from) => integer(await token(call.token).methods.transfer(call.to, call.amount).estimateGas({ from })),
    simulateTransfer: async (call, from) => token(call.token).methods.transfer(call.to, call.amount).call({ from }),
    revertOf: (error): RevertReading => {
      const args = walk(error, (e) => (e.errorArgs !== null && typeof e.errorArgs === 'object' ? (e.errorArgs as Record<string, unknown>) : undefined))
      const reason = args?.message ?? args?.[0]
      return { reason: typeof reason === 'string' ? reason : null, data: walk(error, (e) => (typeof e.data === 'string' ? e.data : undefined)) ?? null }
    },
    errorCodeOf: (error) =>
      walk(error, (e) => (typeof e.code === 'number' && e.code < 0 ? e.code : typeof e.code === 'number' && e.code < 100 ? e.code : undefined)),
    raw: async (method, params) => instance.requestManager.send({ method, params }),
    async sendAndWait(privateKey, waitMs) {
      configure(instance, settings, settings.eip1559, waitMs)
      const [account] = instance.eth.accounts.wallet.add(privateKey)
      const receipt = await instance.eth.sendTransaction({ from: account!.address, to: account!.address, value: 0n })
      return { hash: plain(receipt.transactionHash), receipt: read(receipt) }
    },
    async close() {
      instance.eth.accounts.wallet.clear()
      bridge.close()
    },
  }
}

/** web3's newHeads subscription (web3.eth.subscribe('newHeads')) over the run's WebSocket. */
export async function web3Watcher(bridge: WsBridge, settings: ClientSettings): Promise<WatchAdapter> {
  const web3 = await load()
  const Provider = providerClass(web3)
  const instance = new web3.Web3(new Provider({ ws: bridge }) as never) as unknown as Web3Instance
  configure(instance, settings, true, settings.timeoutMs)
  return {
    library: 'web3',
    version: web3.Web3.version,
    async watch(onHead, onError) {
      const subscription = await instance.eth.subscribe('newHeads')
      subscription.on('data', (head: unknown) => onHead(read(head) ?? { number: null }))
      subscription.on('error', onError)
      return async () => {
        await subscription.unsubscribe()
      }
    },
    async close() {
      await bridge.close()
    },
  }
}
