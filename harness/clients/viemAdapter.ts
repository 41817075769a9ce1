import type { ClientAdapter, ClientSettings, RevertReading, TokenCall, WatchAdapter } from './adapter.js'
import { ERC20_ABI } from './erc20Abi.js'
import type { HttpBridge } from './httpBridge.js'
import { integer, pick, plain, type Reading, type ReadValue } from './reading.js'
import type { WsBridge } from './wsBridge.js'

type Viem = typeof import('viem')

/** viem's names of transaction types, as the numbers JSON-RPC gives them. */
const TYPE_NUMBERS: Record<string, bigint> = { legacy: 0n, eip2930: 1n, eip1559: 2n, eip4844: 3n, eip7702: 4n }

/** viem's block (formatBlock): every field of the answer kept, the integers as bigint. */
function readBlock(block: unknown): Reading | null {
  if (block === null || block === undefined) return null
  const reading = plain(block) as Reading
  const transactions = (block as { transactions?: unknown }).transactions
  if (Array.isArray(transactions)) reading.transactions = transactions.map((tx) => (typeof tx === 'string' ? tx : readTransaction(tx)))
  return reading
}

function readTransaction(tx: unknown): Reading {
  const reading = plain(tx) as Reading
  const type = (tx as { type?: unknown }).type
  reading.type = typeof type === 'string' && type in TYPE_NUMBERS ? TYPE_NUMBERS[type] : plain(type)
  delete reading.typeHex
  return reading
}

function readReceipt(receipt: unknown): Reading | null {
  if (receipt === null || receipt === undefined) return null
  const reading = plain(receipt) as Reading
  const { status, type } = receipt as { status?: unknown; type?: unknown }
  reading.status = status === 'success' ? 1n : status === 'reverted' ? 0n : plain(status)
  reading.type = typeof type === 'string' && type in TYPE_NUMBERS ? TYPE_NUMBERS[type] : plain(type)
  return reading
}

async function load(): Promise<{ viem: Viem; version: string }> {
  const viem = await import('viem')
  return { viem, version: new viem.BaseError('').version.replace(/^viem@/, '') }
}

/** The first error of viem's chain that carries what `pick` finds. */
function walk<T>(error: unknown, pick: (candidate: Record<string, unknown>) => T | undefined): T | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    const found = pick(current as Record<string, unknown>)
    if (found !== undefined) return found
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** viem over the run's HTTP transport: its http transport with fetchFn (no retries, no batching), no cache. */
export async function viemClient(bridge: HttpBridge, settings: ClientSettings): Promise<ClientAdapter> {
  const { viem, version } = await load()
  const transport = viem.http(bridge.url, { fetchFn: bridge.fetch as typeof fetch, retryCount: 0, timeout: settings.timeoutMs, batch: false })
  const client = viem.createPublicClient({ transport, cacheTime: 0, pollingInterval: settings.pollingIntervalMs, batch: { multicall: false } })
  const address = (value: string): `0x${string}` => value as `0x${string}`
  /** The token transfer a call names, sent from `from`: what estimateContractGas and simulateContract are both given. */
  const transfer = (call: TokenCall, from: string) =>
    ({ address: address(call.token), abi: ERC20_ABI, functionName: 'transfer', args: [address(call.to), call.amount], account: address(from) }) as const
  return {
    library: 'viem',
    decodesReasons: { call: true, estimate: true },
    version,
    chainId: async () => integer(await client.getChainId()),
    blockNumber: async () => integer(await client.getBlockNumber({ cacheTime: 0 })),
    block: async (ref, full) =>
      readBlock(
        await client.getBlock(
          'number' in ref ? { blockNumber: ref.number, includeTransactions: full } : { blockHash: address(ref.hash), includeTransactions: full },
        ),
      ),
    balance: async (account, block) => integer(await client.getBalance({ address: address(account), blockNumber: block })),
    nonce: async (account, block) => integer(await client.getTransactionCount({ address: address(account), blockNumber: block })),
    // viem answers undefined for an account without code ("0x").
    code: async (account, block) => (await client.getCode({ address: address(account), blockNumber: block })) ?? '0x',
    transaction: async (hash) => readTransaction(await client.getTransaction({ hash: address(hash) })),
    receipt: async (hash) => readReceipt(await client.getTransactionReceipt({ hash: address(hash) })),
    logs: async (fromBlock, toBlock) => (await client.getLogs({ fromBlock, toBlock })).map((log) => plain(log) as Reading),
    gasPrice: async () => integer(await client.getGasPrice()),
    feeData: async (eip1559) => plain(await client.estimateFeesPerGas({ type: eip1559 ? 'eip1559' : 'legacy' } as never)) as Reading,
    tokenBalance: async (call) =>
      integer(await client.readContract({ address: address(call.token), abi: ERC20_ABI, functionName: 'balanceOf', args: [address(call.holder)] })),
    estimateTransfer: async (call, from) => integer(await client.estimateContractGas(transfer(call, from))),
    simulateTransfer: async (call, from) => (await client.simulateContract(transfer(call, from))).result,
    revertOf: (error): RevertReading => ({
      reason: walk(error, (e) => (typeof e.reason === 'string' ? e.reason : undefined)) ?? null,
      data: walk(error, (e) => (typeof e.raw === 'string' ? e.raw : typeof e.data === 'string' ? e.data : undefined)) ?? null,
    }),
    errorCodeOf: (error) => walk(error, (e) => (typeof e.code === 'number' ? e.code : undefined)),
    raw: (method, params) => client.request({ method: method as 'eth_chainId', params: params as never }),
    async sendAndWait(privateKey, waitMs) {
      const { privateKeyToAccount } = await import('viem/accounts')
      const account = privateKeyToAccount(privateKey as `0x${string}`)
      const wallet = viem.createWalletClient({ account, transport, cacheTime: 0, pollingInterval: settings.pollingIntervalMs })
      const hash = await wallet.sendTransaction({ to: account.address, value: 0n, chain: null })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: settings.pollingIntervalMs, timeout: waitMs, retryCount: 0 })
      return { hash: plain(hash), receipt: readReceipt(receipt) }
    },
    async close() {
      bridge.close()
    },
  }
}

/**
 * viem's block watcher over the run's WebSocket: a viem transport of type webSocket whose requests and
 * subscriptions go through the bridge (viem's own socket cannot carry --header or --ca). watchBlocks
 * subscribes to newHeads and, for each head, reads the block by number over the same transport.
 */
export async function viemWatcher(bridge: WsBridge, settings: ClientSettings): Promise<WatchAdapter> {
  const { viem, version } = await load()
  let nextId = 1
  const transport = viem.createTransport(
    {
      key: 'l2conf',
      name: 'WebSocket JSON-RPC (l2conf)',
      type: 'webSocket',
      retryCount: 0,
      timeout: settings.timeoutMs,
      request: (async ({ method, params }: { method: string; params?: unknown }) => {
        const body = { jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }
        const response = await bridge.request(body)
        if (response.error !== undefined) throw new viem.RpcRequestError({ body, error: response.error as { code: number; message: string }, url: bridge.url })
        return response.result
      }) as never,
    },
    {
      async subscribe({ params, onData, onError }: { params: unknown[]; onData: (data: unknown) => void; onError?: (error: unknown) => void }) {
        const body = { jsonrpc: '2.0', id: nextId++, method: 'eth_subscribe', params }
        const response = await bridge.request(body)
        if (response.error !== undefined) throw new viem.RpcRequestError({ body, error: response.error as { code: number; message: string }, url: bridge.url })
        const id = response.result
        const stop = bridge.onMessage((message) => {
          const data = message.params as { subscription?: unknown } | undefined
          if (data?.subscription === id) onData(data)
        })
        return {
          subscriptionId: id,
          async unsubscribe() {
            stop()
            try {
              return (await bridge.request({ jsonrpc: '2.0', id: nextId++, method: 'eth_unsubscribe', params: [id] })).result
            } catch (error) {
              onError?.(error)
              return undefined
            }
          },
        }
      },
    },
  )
  const client = viem.createPublicClient({ transport: () => transport, cacheTime: 0, pollingInterval: settings.pollingIntervalMs })
  return {
    library: 'viem',
    version,
    async watch(onHead, onError) {
      const unwatch = client.watchBlocks({
        poll: false,
        emitOnBegin: false,
        // viem hands undefined to onBlock when it could not read a notified head's block.
        onBlock: (block: unknown) => onHead(block === undefined ? { number: undefined } : (readBlock(block) ?? { number: null })),
        onError: (error: unknown) => onError(error),
      } as never)
      return async () => unwatch()
    },
    async close() {
      await bridge.close()
    },
  }
}
