import { createLegacyTx, createAccessList2930Tx } from '@ethereumjs/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { L1_FEE_OVERHEAD } from '../chain/chainConstants.js'
import { createChainCommon } from '../chain/createChainCommon.js'
import { DEV_ACCOUNTS } from '../chain/devAccounts.js'
import { fromHex, toData } from '../chain/hex.js'
import { type TestNode, startTestNode } from './startTestNode.js'

// SENDRAW end to end, against the method table: a transaction signed with development key 0 is
// mined at once in its own block, its receipt carries the layer-1 fee fields, and the balances move by
// exactly value + gas + layer-1 fee. Every refusal leaves the chain as it was.

const GWEI = 1_000_000_000n
const common = createChainCommon(901)
const [alice, bob] = DEV_ACCOUNTS as [(typeof DEV_ACCOUNTS)[number], (typeof DEV_ACCOUNTS)[number]]
const key = fromHex(alice.privateKey)

function signed(fields: { nonce: bigint; gasPrice?: bigint; gasLimit?: bigint; to?: string; value?: bigint; data?: string }, chain = common): string {
  const tx = createLegacyTx(
    {
      nonce: fields.nonce,
      gasPrice: fields.gasPrice ?? GWEI,
      gasLimit: fields.gasLimit ?? 21_000n,
      value: fields.value ?? 0n,
      ...(fields.to !== undefined ? { to: fromHex(fields.to) } : {}),
      ...(fields.data !== undefined ? { data: fromHex(fields.data) } : {}),
    },
    { common: chain },
  )
  return toData(tx.sign(key).serialize())
}

describe('eth_sendRawTransaction', () => {
  let node: TestNode
  beforeAll(async () => {
    node = await startTestNode({ history: 40 })
  }, 120_000)
  afterAll(() => node.stop())

  const balance = async (address: string, block = 'latest'): Promise<bigint> => BigInt(await node.result<string>('eth_getBalance', address, block))
  const nonceOf = async (address: string): Promise<bigint> => BigInt(await node.result<string>('eth_getTransactionCount', address, 'latest'))
  const snapshot = async (): Promise<unknown> => [await node.result('eth_getBlockByNumber', 'latest', false), await node.result('rollup_getInfo')]

  it('mines a signed transfer in its own block; the receipt has the layer-1 fee; balances move by value + gas + l1Fee', async () => {
    const head = Number(await node.result<string>('eth_blockNumber'))
    const before = { alice: await balance(alice.address), bob: await balance(bob.address), vault: await balance('0x4200000000000000000000000000000000000011') }
    const value = 123_456_789_000_000_000n
    const raw = signed({ nonce: await nonceOf(alice.address), to: bob.address, value, gasPrice: 2n * GWEI })
    const heads: string[] = []
    const pending: string[] = []
    node.rollup.events.on('newHead', (h) => heads.push(h['hash'] as string)).on('pendingTransaction', (h) => pending.push(h))
    const hash = await node.result<string>('eth_sendRawTransaction', raw)
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(pending).toEqual([hash])

    const block = await node.result<Record<string, unknown>>('eth_getBlockByNumber', 'latest', false)
    expect(Number(block['number'])).toBe(head + 1)
    expect(block['transactions']).toEqual([hash])
    expect(heads).toEqual([block['hash']])

    const tx = await node.result<Record<string, unknown>>('eth_getTransactionByHash', hash)
    expect(tx).toMatchObject({
      from: alice.address.toLowerCase(),
      to: bob.address.toLowerCase(),
      value: `0x${value.toString(16)}`,
      queueOrigin: 'sequencer',
      l1TxOrigin: null,
      queueIndex: null,
      rawTransaction: raw,
      blockHash: block['hash'],
      index: `0x${head.toString(16)}`,
    })

    const receipt = await node.result<Record<string, string>>('eth_getTransactionReceipt', hash)
    expect(receipt).toMatchObject({ status: '0x1', gasUsed: '0x5208', transactionHash: hash, blockHash: block['hash'], l1FeeScalar: '1.5' })
    const rawBytes = fromHex(raw)
    const calldataGas = rawBytes.reduce((sum, b) => sum + (b === 0 ? 4n : 16n), 0n)
    expect(BigInt(receipt['l1GasUsed'] as string)).toBe(calldataGas)
    const l1GasPrice = BigInt(receipt['l1GasPrice'] as string)
    expect(l1GasPrice).toBe(BigInt((await node.result<Record<string, string>>('rollup_gasPrices'))['l1GasPrice'] as string))
    const l1Fee = (l1GasPrice * (calldataGas + L1_FEE_OVERHEAD) * 3n) / 2n
    expect(BigInt(receipt['l1Fee'] as string)).toBe(l1Fee)

    const gasCost = 21_000n * 2n * GWEI
    expect(await balance(alice.address)).toBe(before.alice - value - gasCost - l1Fee)
    expect(await balance(bob.address)).toBe(before.bob + value)
    expect(await balance('0x4200000000000000000000000000000000000011')).toBe(before.vault + gasCost + l1Fee)
    // The state before the block is still readable.
    expect(await balance(alice.address, `0x${head.toString(16)}`)).toBe(before.alice)
  })

  it('runs contract calls: an ERC-20 transfer emits a Transfer log, a failing one is mined with status 0', async () => {
    const token = '0x4200000000000000000000000000000000000042'
    const transfer = (to: string, amount: bigint): string => `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`
    const ok = await node.result<string>(
      'eth_sendRawTransaction',
      signed({ nonce: await nonceOf(alice.address), to: token, gasLimit: 100_000n, data: transfer(bob.address, 5n) }),
    )
    const receipt = await node.result<{ status: string; logs: { address: string; topics: string[] }[] }>('eth_getTransactionReceipt', ok)
    expect(receipt.status).toBe('0x1')
    expect(receipt.logs).toHaveLength(1)
    expect(receipt.logs[0]?.address).toBe(token)
    const failing = await node.result<string>(
      'eth_sendRawTransaction',
      signed({ nonce: await nonceOf(alice.address), to: token, gasLimit: 100_000n, data: transfer(bob.address, 10n ** 40n) }),
    )
    expect(await node.result('eth_getTransactionReceipt', failing)).toMatchObject({ status: '0x0', logs: [] })
  })

  it('serializes concurrent sends: each transaction gets its own block, in order', async () => {
    const start = await nonceOf(alice.address)
    const head = Number(await node.result<string>('eth_blockNumber'))
    const raws = [0n, 1n, 2n, 3n].map((i) => signed({ nonce: start + i, to: bob.address, value: 1n }))
    const hashes = await Promise.all(raws.map((raw) => node.result<string>('eth_sendRawTransaction', raw)))
    for (const [i, hash] of hashes.entries()) {
      const tx = await node.result<{ blockNumber: string }>('eth_getTransactionByHash', hash)
      expect(Number(tx.blockNumber)).toBe(head + 1 + i)
    }
  })

  it('refuses bad transactions with -32000 and a clear reason, leaving the chain unchanged', async () => {
    const nonce = await nonceOf(alice.address)
    const other = createChainCommon(902)
    const typed = toData(
      createAccessList2930Tx({ nonce, gasPrice: GWEI, gasLimit: 21_000n, to: fromHex(bob.address), chainId: 901n }, { common })
        .sign(key)
        .serialize(),
    )
    const preEip155 = toData(
      createLegacyTx({ nonce, gasPrice: GWEI, gasLimit: 21_000n, to: fromHex(bob.address), v: 27n }, { common: createChainCommon(1) })
        .sign(key)
        .serialize(),
    )
    const unfunded = toData(
      createLegacyTx({ nonce: 0n, gasPrice: GWEI, gasLimit: 21_000n, to: fromHex(bob.address), value: 1n }, { common })
        .sign(fromHex(`0x${'11'.repeat(32)}`))
        .serialize(),
    )
    const cases: [string, string, RegExp][] = [
      ['typed', typed, /^transaction type not supported: typed \(EIP-2718\) transaction of type 0x01/],
      ['nonce too low', signed({ nonce: nonce - 1n, to: bob.address }), /^nonce too low: address 0xf39F.*, tx: \d+ state: \d+$/],
      ['nonce gap', signed({ nonce: nonce + 1n, to: bob.address }), /^nonce too high: .*there is no queue/],
      [
        'underpriced',
        signed({ nonce, to: bob.address, gasPrice: GWEI - 1n }),
        /^transaction underpriced: gas price 999999999 wei is below the layer-2 gas price 1000000000 wei/,
      ],
      ['wrong chain', signed({ nonce, to: bob.address }, other), /^invalid chain id for signer: have 902 want 901$/],
      ['above block gas limit', signed({ nonce, to: bob.address, gasLimit: 15_000_001n }), /^exceeds block gas limit/],
      ['intrinsic gas', signed({ nonce, to: bob.address, gasLimit: 20_999n }), /^intrinsic gas too low: have 20999, want 21000$/],
      ['insufficient funds', unfunded, /^insufficient funds for gas \* price \+ value \+ l1Fee: address 0x.* have 0 want \d+$/],
      ['value beyond balance', signed({ nonce, to: bob.address, value: 10n ** 30n }), /^insufficient funds/],
      ['not EIP-155', preEip155, /^(only replay-protected \(EIP-155\) transactions allowed over RPC|invalid chain id)/],
      ['garbage', '0xdeadbeef', /^transaction could not be decoded/],
      ['empty', '0x', /^transaction could not be decoded: empty input$/],
      [
        'oversized',
        signed({ nonce, to: bob.address, gasLimit: 10_000_000n, data: `0x${'ab'.repeat(131_072)}` }),
        /^oversized data: transaction size \d+, limit 131072$/,
      ],
      [
        'already known',
        (
          await node.result<{ rawTransaction: string }>(
            'eth_getTransactionByHash',
            (await node.result<{ transactions: string[] }>('eth_getBlockByNumber', '0x1', false)).transactions[0],
          )
        ).rawTransaction,
        /^(already known|nonce too low)/,
      ],
    ]
    const before = await snapshot()
    for (const [name, raw, message] of cases) {
      const answer = await node.call('eth_sendRawTransaction', raw)
      expect(answer, name).toMatchObject({ error: { code: -32000 } })
      if ('error' in answer) expect(answer.error.message, name).toMatch(message)
    }
    expect(await snapshot()).toEqual(before)
  })

  it('refuses malformed params with -32602', async () => {
    for (const params of [[], ['deadbeef'], ['0xabc'], ['0xzz'], [42], ['0x00', 1]]) {
      expect(await node.call('eth_sendRawTransaction', ...params), JSON.stringify(params)).toMatchObject({ error: { code: -32602 } })
    }
  })
})
