import { createServer } from 'node:net'
import { Hardfork, Mainnet, createCustomCommon } from '@ethereumjs/common'
import { type LegacyTxData, createLegacyTx } from '@ethereumjs/tx'
import { bytesToHex, hexToBytes } from '@ethereumjs/util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from 'undici'
import { WebSocket } from 'ws'
import { startReference, referenceEntry, tsxLoader, type ReferenceHandle } from '../harness/reference/startReference.js'
import { spawnCollecting, type CollectingChild } from '../test/support/spawnCollecting.js'

const KEY_0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const ADDRESS_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ADDRESS_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let reference: ReferenceHandle

beforeAll(async () => {
  reference = await startReference()
})
afterAll(async () => {
  await reference?.stop()
})

async function rpc(body: unknown): Promise<unknown> {
  const response = await request(reference.rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(response.statusCode).toBe(200)
  return JSON.parse(await response.body.text())
}

async function callMethod(method: string, params: unknown[] = []): Promise<unknown> {
  const answer = (await rpc({ jsonrpc: '2.0', id: 1, method, params })) as { result?: unknown; error?: unknown }
  if (answer.error !== undefined) throw new Error(`${method}: ${JSON.stringify(answer.error)}`)
  return answer.result
}

/** A WebSocket with its messages queued in arrival order. */
async function openSocket(
  url: string,
): Promise<{ socket: WebSocket; next(predicate: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> }> {
  const socket = new WebSocket(url)
  const queue: Array<Record<string, unknown>> = []
  const waiters: Array<() => void> = []
  socket.on('message', (data: Buffer) => {
    queue.push(JSON.parse(data.toString()) as Record<string, unknown>)
    for (const wake of waiters.splice(0)) wake()
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  return {
    socket,
    async next(predicate) {
      for (;;) {
        const index = queue.findIndex(predicate)
        if (index >= 0) return queue.splice(index, 1)[0] as Record<string, unknown>
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
    },
  }
}

/** A legacy EIP-155 transaction from development account 0: 1 wei to account 1, or a call. */
async function signedTransaction(call?: { to: string; data: string }): Promise<string> {
  const nonce = BigInt((await callMethod('eth_getTransactionCount', [ADDRESS_0, 'latest'])) as string)
  const gasPrice = BigInt((await callMethod('eth_gasPrice')) as string)
  const common = createCustomCommon({ chainId: reference.chainId }, Mainnet, { hardfork: Hardfork.Berlin })
  const fields: LegacyTxData =
    call === undefined
      ? { to: ADDRESS_1, value: 1n, gasLimit: 21_000n }
      : { to: call.to as `0x${string}`, data: hexToBytes(call.data as `0x${string}`), gasLimit: 200_000n }
  const tx = createLegacyTx({ ...fields, nonce, gasPrice }, { common }).sign(hexToBytes(KEY_0))
  return bytesToHex(tx.serialize())
}

describe('the reference, started as a separate process', () => {
  it('names its URLs and chain id in the ready line', () => {
    expect(reference.rpc).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(reference.ws).toBe(reference.rpc.replace('http://', 'ws://'))
    expect(reference.rest).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/)
    expect(reference.chainId).toBe(901)
  })

  it('answers methods over HTTP, single and batched, blocked methods included', async () => {
    expect(await callMethod('eth_chainId')).toBe('0x385')
    expect(await callMethod('eth_blockNumber')).toMatch(/^0x(0|[1-9a-f][0-9a-f]*)$/)
    const batch = (await rpc([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'eth_getAccounts', params: [] },
      { jsonrpc: '2.0', id: 3, method: 'rollup_gasPrices', params: [] },
    ])) as Array<Record<string, unknown>>
    expect(batch.map((item) => item['id'])).toEqual([1, 2, 3])
    expect(batch[1]).toMatchObject({ error: { code: -32601 } })
    expect(batch[2]).toMatchObject({ result: { l1GasPrice: expect.stringMatching(/^0x/), l2GasPrice: expect.stringMatching(/^0x/) } })
  })

  it('gives the same answers over WebSocket', async () => {
    const { socket, next } = await openSocket(reference.ws)
    const block = await callMethod('eth_getBlockByNumber', ['0x0', false])
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_getBlockByNumber', params: ['0x0', false] }))
    expect(await next((message) => message['id'] === 7)).toEqual({ jsonrpc: '2.0', id: 7, result: block })
    socket.close()
  })

  it('notifies newHeads after eth_sendRawTransaction', async () => {
    const { socket, next } = await openSocket(reference.ws)
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }))
    const { result: subscription } = await next((message) => message['id'] === 1)
    expect(subscription).toMatch(/^0x[0-9a-f]+$/)
    const hash = await callMethod('eth_sendRawTransaction', [await signedTransaction()])
    const notification = await next((message) => message['method'] === 'eth_subscription')
    const header = notification['params'] as { subscription: string; result: { number: string; hash: string } }
    expect(header.subscription).toBe(subscription)
    const receipt = (await callMethod('eth_getTransactionReceipt', [hash])) as { blockNumber: string; blockHash: string }
    expect(header.result.number).toBe(receipt.blockNumber)
    expect(header.result.hash).toBe(receipt.blockHash)
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_unsubscribe', params: [subscription] }))
    expect(await next((message) => message['id'] === 2)).toMatchObject({ result: true })
    socket.close()
  })

  it('notifies the logs a filter selects: an L2T transfer', async () => {
    const token = '0x4200000000000000000000000000000000000042'
    const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
    const { socket, next } = await openSocket(reference.ws)
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['logs', { address: token, topics: [transferTopic] }] }))
    const { result: subscription } = await next((message) => message['id'] === 1)
    // transfer(account 1, 5): selector, then the two ABI words.
    const data = `0xa9059cbb${ADDRESS_1.slice(2).toLowerCase().padStart(64, '0')}${(5).toString(16).padStart(64, '0')}`
    const hash = await callMethod('eth_sendRawTransaction', [await signedTransaction({ to: token, data })])
    const notification = await next((message) => message['method'] === 'eth_subscription')
    const log = notification['params'] as { subscription: string; result: { address: string; topics: string[]; transactionHash: string } }
    expect(log.subscription).toBe(subscription)
    expect(log.result.address.toLowerCase()).toBe(token)
    expect(log.result.topics[0]).toBe(transferTopic)
    expect(log.result.transactionHash).toBe(hash)
    socket.close()
  })

  it("serves the treasury REST API from the node's own tokens", async () => {
    const response = await request(`${reference.rest}/portfolio`)
    expect(response.statusCode).toBe(200)
    const body = JSON.parse(await response.body.text()) as { success: boolean; value: { portfolio: Array<{ symbol: string }> } }
    expect(body.success).toBe(true)
    expect(body.value.portfolio.map((entry) => entry.symbol)).toEqual(['L2T', 'WETH', 'USDC', 'USDT'])
  })
})

/** Runs main.ts directly, as `l2conf reference` does, and collects its output. */
function runMain(args: string[]): CollectingChild & { kill(signal: NodeJS.Signals): void } {
  const run = spawnCollecting(process.execPath, ['--import', tsxLoader, referenceEntry, ...args])
  return { ...run, kill: (signal) => run.child.kill(signal) }
}

describe('reference-impl/main.ts', () => {
  it('prints exactly the ready line on stdout, and exits 0 on SIGTERM', async () => {
    const run = runMain(['--port', '0', '--rest-port', '0', '--chain-id', '902'])
    const stdout = await run.ready
    expect(stdout).toMatch(
      /^l2conf reference ready rpc=http:\/\/127\.0\.0\.1:(\d+) ws=ws:\/\/127\.0\.0\.1:\1 rest=http:\/\/127\.0\.0\.1:\d+\/api chainId=902\n$/,
    )
    run.kill('SIGTERM')
    const { code, stderr } = await run.exit
    expect(code).toBe(0)
    expect(stderr).toContain('stopped')
  })

  it('says so and exits 1 when its port is taken', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      const { code, stderr } = await runMain(['--port', String(port), '--rest-port', '0']).exit
      expect(code).toBe(1)
      expect(stderr).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}.*already in use`))
    } finally {
      blocker.close()
    }
  })

  it('refuses a bad flag with exit 2, and prints help with exit 0', async () => {
    const bad = await runMain(['--port', 'eighty']).exit
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--port: expected an integer/)
    const help = runMain(['--help'])
    const text = await help.ready
    expect((await help.exit).code).toBe(0)
    expect(text).toContain('--rest-port')
    expect(text).toContain('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    expect(text).toContain('batch 1000')
  })
})
