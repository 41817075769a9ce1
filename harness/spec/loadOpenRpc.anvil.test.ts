import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilHandle, startAnvil } from '../../test/nodes/startAnvil.js'
import { loadOpenRpc, type OpenRpcSpec } from './loadOpenRpc.js'

// No false alarms: the standard schemas of openrpc.json must accept what a correct modern node
// (Anvil: post-merge, typed transactions, blob and withdrawal fields) really answers.

const bundled = fileURLToPath(new URL('../../openrpc.json', import.meta.url))
const DEV0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const DEV1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
// Init code that emits one LOG1 (topic below, no data) and deploys an empty contract.
const TOPIC = '0x' + 'ab'.repeat(32)
const LOGGING_INIT_CODE = `0x7f${TOPIC.slice(2)}60006000a100`

let anvil: AnvilHandle
let spec: OpenRpcSpec
let nextId = 1

async function call(method: string, params: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const response = await fetch(anvil.rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  })
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
}

async function result(method: string, params: unknown[]): Promise<unknown> {
  const answer = await call(method, params)
  if (answer.error !== undefined) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`)
  return answer.result
}

/** The issues of `value` against the result schema of `method`, labelled for a readable failure. */
function resultIssues(method: string, value: unknown): string[] {
  const spec_ = spec.method(method)
  if (spec_ === undefined) throw new Error(`no ${method} in the spec`)
  return spec_.result.validate(value).map((issue) => `${method}${issue.pointer}: ${issue.message}`)
}

const sent: Record<string, string> = {}

beforeAll(async () => {
  ;[anvil, spec] = await Promise.all([startAnvil(), loadOpenRpc(bundled)])
  // One block each (automine): an EIP-1559 transfer, a legacy transfer, an EIP-2930 one with an
  // access list, and a contract creation that logs.
  sent['eip1559'] = (await result('eth_sendTransaction', [{ from: DEV0, to: DEV1, value: '0x1' }])) as string
  const gasPrice = (await result('eth_gasPrice', [])) as string
  const doubled = '0x' + (BigInt(gasPrice) * 2n).toString(16)
  sent['legacy'] = (await result('eth_sendTransaction', [{ from: DEV0, to: DEV1, value: '0x2', gasPrice: doubled, type: '0x0' }])) as string
  sent['eip2930'] = (await result('eth_sendTransaction', [
    { from: DEV0, to: DEV1, value: '0x3', gasPrice: doubled, type: '0x1', accessList: [{ address: DEV1, storageKeys: ['0x' + '0'.repeat(64)] }] },
  ])) as string
  sent['create'] = (await result('eth_sendTransaction', [{ from: DEV0, data: LOGGING_INIT_CODE, gas: '0x30000' }])) as string
}, 60_000)

afterAll(async () => {
  await anvil?.stop()
})

describe('standard schemas accept a modern node (Anvil)', () => {
  it('blocks, by number and by hash, with hashes and with full transactions', async () => {
    const issues: string[] = []
    for (const tag of ['0x0', '0x1', 'latest', 'earliest']) {
      for (const full of [false, true]) issues.push(...resultIssues('eth_getBlockByNumber', await result('eth_getBlockByNumber', [tag, full])))
    }
    const head = (await result('eth_getBlockByNumber', ['latest', true])) as { hash: string; transactions: unknown[] }
    expect(head.transactions).toHaveLength(1)
    issues.push(...resultIssues('eth_getBlockByHash', await result('eth_getBlockByHash', [head.hash, true])))
    issues.push(...resultIssues('eth_getBlockByHash', await result('eth_getBlockByHash', ['0x' + '12'.repeat(32), false])))
    expect(issues).toEqual([])
  })

  it('the pending block', async () => {
    expect(resultIssues('eth_getBlockByNumber', await result('eth_getBlockByNumber', ['pending', false]))).toEqual([])
  })

  it('typed and legacy transactions, and their receipts', async () => {
    const issues: string[] = []
    const types: unknown[] = []
    for (const hash of Object.values(sent)) {
      const transaction = (await result('eth_getTransactionByHash', [hash])) as { type?: unknown }
      types.push(transaction.type)
      issues.push(...resultIssues('eth_getTransactionByHash', transaction))
      issues.push(...resultIssues('eth_getTransactionReceipt', await result('eth_getTransactionReceipt', [hash])))
    }
    expect(types).toEqual(['0x2', '0x0', '0x1', '0x2'])
    expect(issues).toEqual([])
  })

  it('logs', async () => {
    const logs = (await result('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }])) as Array<{ topics: string[] }>
    expect(logs.map((log) => log.topics)).toEqual([[TOPIC]])
    expect(resultIssues('eth_getLogs', logs)).toEqual([])
    const receipt = (await result('eth_getTransactionReceipt', [sent['create']])) as { contractAddress: string; to: unknown }
    expect(receipt.to).toBeNull()
    expect(receipt.contractAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })

  it("every method's example params, sent as they are, get answers valid against its result schema", async () => {
    // Anvil lacks the rollup methods, knows no chain 901 and serves no subscriptions over HTTP:
    // those answer errors, which is not what this test is about.
    const issues: string[] = []
    const answered: string[] = []
    for (const method of spec.methods) {
      if (method.blocked !== undefined || !method.transports.includes('http')) continue
      for (const example of method.examples) {
        const answer = await call(method.name, example.params)
        if (answer.error !== undefined) continue
        answered.push(method.name)
        issues.push(...resultIssues(method.name, answer.result).map((issue) => `${example.name}: ${issue}`))
      }
    }
    expect(issues).toEqual([])
    expect(new Set(answered)).toEqual(
      new Set([
        'web3_clientVersion',
        'net_version',
        'eth_chainId',
        'eth_blockNumber',
        'eth_syncing',
        'eth_gasPrice',
        'eth_accounts',
        'eth_getBalance',
        'eth_getTransactionCount',
        'eth_getCode',
        'eth_getStorageAt',
        'eth_getProof',
        'eth_call',
        'eth_estimateGas',
        'eth_getBlockByNumber',
        'eth_getBlockByHash',
        'eth_getBlockTransactionCountByNumber',
        'eth_getTransactionByHash',
        'eth_getTransactionReceipt',
        'eth_getLogs',
      ]),
    )
  })
})
