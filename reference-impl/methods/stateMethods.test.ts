import { verifyMerkleProof } from '@ethereumjs/mpt'
import { RLP } from '@ethereumjs/rlp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeCall } from '../chain/abiEncode.js'
import { fromHex, toData } from '../chain/hex.js'
import { type TestNode, startTestNode } from './startTestNode.js'

// State queries answer from the state of the block asked for (every block's root stays readable):
// eth_getBalance, eth_getTransactionCount, eth_getCode, eth_getStorageAt, eth_call, eth_estimateGas, eth_getProof.

const TOKEN = '0x4200000000000000000000000000000000000042'
const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('state methods', () => {
  let node: TestNode
  let head: number
  beforeAll(async () => {
    node = await startTestNode({ history: 40 })
    head = Number(await node.result<string>('eth_blockNumber'))
  }, 120_000)
  afterAll(() => node.stop())

  it('reads balances and nonces at every block: each ETH transfer changes them exactly there', async () => {
    for (let n = 1; n <= head; n++) {
      const block = await node.result<{ transactions: { from: string; to: string | null; value: string; queueOrigin: string; hash: string }[] }>(
        'eth_getBlockByNumber',
        `0x${n.toString(16)}`,
        true,
      )
      const tx = block.transactions[0]
      if (tx === undefined || tx.queueOrigin !== 'sequencer') continue
      const at = (k: number): string => `0x${k.toString(16)}`
      const nonceBefore = BigInt(await node.result<string>('eth_getTransactionCount', tx.from, at(n - 1)))
      expect(BigInt(await node.result<string>('eth_getTransactionCount', tx.from, at(n)))).toBe(nonceBefore + 1n)
      if (tx.to !== null && BigInt(tx.value) > 0n && tx.to !== tx.from) {
        const before = BigInt(await node.result<string>('eth_getBalance', tx.to, at(n - 1)))
        expect(BigInt(await node.result<string>('eth_getBalance', tx.to, at(n)))).toBe(before + BigInt(tx.value))
      }
    }
  })

  it('accepts a block hash and EIP-1898 objects; an unknown block is -32000 "header not found"', async () => {
    const block = await node.result<{ hash: string }>('eth_getBlockByNumber', '0x5', false)
    const byNumber = await node.result('eth_getBalance', ALICE, '0x5')
    expect(await node.result('eth_getBalance', ALICE, block.hash)).toBe(byNumber)
    expect(await node.result('eth_getBalance', ALICE, { blockHash: block.hash })).toBe(byNumber)
    expect(await node.result('eth_getBalance', ALICE, { blockNumber: '0x5' })).toBe(byNumber)
    expect(await node.result('eth_getBalance', ALICE, 'earliest')).toBe('0x21e19e0c9bab2400000')
    expect(await node.result('eth_getBalance', ALICE, 'pending')).toBe(await node.result('eth_getBalance', ALICE, 'latest'))
    expect(await node.call('eth_getBalance', ALICE, `0x${(head + 1).toString(16)}`)).toEqual({ error: { code: -32000, message: 'header not found' } })
    expect(await node.call('eth_getBalance', ALICE, `0x${'12'.repeat(32)}`)).toEqual({ error: { code: -32000, message: 'header not found' } })
    expect(await node.call('eth_getBalance', ALICE, { blockHash: block.hash, blockNumber: '0x5' })).toMatchObject({ error: { code: -32602 } })
  })

  it('eth_getCode: the token code at the token, "0x" at an account, the deployed contract only from its block on', async () => {
    expect(await node.result('eth_getCode', ALICE, 'latest')).toBe('0x')
    expect(String(await node.result('eth_getCode', TOKEN, 'latest')).length).toBeGreaterThan(100)
    const deploy = await node.result<{ transactions: string[] }>('eth_getBlockByNumber', '0x3', false)
    const receipt = await node.result<{ contractAddress: string }>('eth_getTransactionReceipt', deploy.transactions[0])
    expect(await node.result('eth_getCode', receipt.contractAddress, '0x2')).toBe('0x')
    expect(String(await node.result('eth_getCode', receipt.contractAddress, '0x3')).length).toBeGreaterThan(100)
  })

  it('eth_getStorageAt: 32-byte words; slot as a quantity or a 32-byte hash', async () => {
    const word = await node.result<string>('eth_getStorageAt', TOKEN, '0x3', 'latest')
    expect(word).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await node.result('eth_getStorageAt', TOKEN, `0x${'0'.repeat(63)}3`, 'latest')).toBe(word)
    expect(await node.result('eth_getStorageAt', ALICE, '0x0', 'latest')).toBe(`0x${'0'.repeat(64)}`)
    expect(await node.call('eth_getStorageAt', TOKEN, `0x${'1'.repeat(65)}`, 'latest')).toMatchObject({ error: { code: -32602 } })
  })

  it('eth_call returns data, reverts with code 3 and the revert data, and changes nothing', async () => {
    const balanceOf = toData(encodeCall('balanceOf(address)', [fromHex(ALICE)]))
    expect(BigInt(await node.result<string>('eth_call', { to: TOKEN, data: balanceOf }, 'latest'))).toBeGreaterThan(0n)
    expect(await node.result('eth_call', { to: TOKEN, input: balanceOf }, 'latest')).toBe(
      await node.result('eth_call', { to: TOKEN, data: balanceOf }, 'latest'),
    )
    const tooMuch = toData(encodeCall('transfer(address,uint256)', [fromHex(BOB), 10n ** 40n]))
    const headBefore = await node.result('eth_getBlockByNumber', 'latest', false)
    const answer = await node.call('eth_call', { from: BOB, to: TOKEN, data: tooMuch }, 'latest')
    expect(answer).toMatchObject({
      error: { code: 3, message: 'execution reverted: ERC20: transfer amount exceeds balance', data: expect.stringMatching(/^0x08c379a0/) },
    })
    // A successful state-changing call is not kept either.
    const small = toData(encodeCall('transfer(address,uint256)', [fromHex(BOB), 1n]))
    expect(await node.result('eth_call', { from: ALICE, to: TOKEN, data: small }, 'latest')).toBe(`0x${'0'.repeat(63)}1`)
    expect(await node.result('eth_getBlockByNumber', 'latest', false)).toEqual(headBefore)
    expect(await node.result('eth_call', { from: ALICE, to: TOKEN, data: balanceOf }, 'latest')).toBe(
      await node.result('eth_call', { to: TOKEN, data: balanceOf }, 'latest'),
    )
    expect(await node.call('eth_call', { to: TOKEN, data: '0x01', input: '0x02' })).toMatchObject({ error: { code: -32602 } })
    expect(await node.call('eth_call', 'not an object')).toMatchObject({ error: { code: -32602 } })
  })

  it('eth_estimateGas: 21000 for a transfer, enough-but-not-more for a token transfer, code 3 on revert', async () => {
    expect(await node.result('eth_estimateGas', { from: ALICE, to: BOB, value: '0x1' })).toBe('0x5208')
    const transfer = toData(encodeCall('transfer(address,uint256)', [fromHex(BOB), 1n]))
    const estimate = BigInt(await node.result<string>('eth_estimateGas', { from: ALICE, to: TOKEN, data: transfer }))
    expect(estimate).toBeGreaterThan(21_000n)
    expect(await node.call('eth_call', { from: ALICE, to: TOKEN, data: transfer, gas: `0x${estimate.toString(16)}` })).toMatchObject({
      result: expect.any(String),
    })
    expect(await node.call('eth_call', { from: ALICE, to: TOKEN, data: transfer, gas: `0x${(estimate - 1n).toString(16)}` })).toMatchObject({
      error: { code: -32000 },
    })
    const tooMuch = toData(encodeCall('transfer(address,uint256)', [fromHex(BOB), 10n ** 40n]))
    expect(await node.call('eth_estimateGas', { from: BOB, to: TOKEN, data: tooMuch })).toMatchObject({ error: { code: 3 } })
  })

  it('eth_getProof: the account and slots, proven from the stateRoot of the block asked; absent before its creation', async () => {
    interface Proof {
      address: string
      accountProof: string[]
      balance: string
      codeHash: string
      nonce: string
      storageHash: string
      storageProof: Array<{ key: string; value: string; proof: string[] }>
    }
    const deploy = await node.result<{ transactions: string[] }>('eth_getBlockByNumber', '0x3', false)
    const { contractAddress } = await node.result<{ contractAddress: string }>('eth_getTransactionReceipt', deploy.transactions[0])
    const proven = async (nodes: string[], key: Uint8Array, root: string): Promise<Uint8Array | null> =>
      verifyMerkleProof(key, nodes.map(fromHex), { useKeyHashing: true, root: fromHex(root) })
    for (const [at, present] of [
      ['0x2', false],
      ['0x3', true],
    ] as const) {
      const { stateRoot } = await node.result<{ stateRoot: string }>('eth_getBlockByNumber', at, false)
      const proof = await node.result<Proof>('eth_getProof', contractAddress, ['0x0', `0x${'0'.repeat(63)}1`], at)
      expect(proof.address).toBe(contractAddress.toLowerCase())
      const leaf = await proven(proof.accountProof, fromHex(contractAddress), stateRoot)
      expect(leaf !== null).toBe(present)
      if (leaf !== null) {
        const [nonce, balance, storageRoot, codeHash] = RLP.decode(leaf) as Uint8Array[]
        const integer = (bytes: Uint8Array): bigint => (bytes.length === 0 ? 0n : BigInt(toData(bytes)))
        expect([integer(nonce!), integer(balance!), toData(storageRoot!), toData(codeHash!)]).toEqual([
          BigInt(proof.nonce),
          BigInt(proof.balance),
          proof.storageHash,
          proof.codeHash,
        ])
      }
      expect(proof.storageProof.map((slot) => slot.key)).toEqual(['0x0', `0x${'0'.repeat(63)}1`])
      for (const [i, slot] of proof.storageProof.entries()) {
        const value = present ? await proven(slot.proof, fromHex(`0x${i.toString(16).padStart(64, '0')}`), proof.storageHash) : null
        expect(slot.value).toBe(value === null ? '0x0' : `0x${BigInt(toData(RLP.decode(value) as Uint8Array)).toString(16)}`)
      }
      if (present) expect(BigInt(proof.storageProof[0]!.value)).toBeGreaterThan(0n)
    }
    expect(await node.call('eth_getProof', ALICE, 'not an array', 'latest')).toMatchObject({ error: { code: -32602 } })
    expect(await node.call('eth_getProof', ALICE, ['0xzz'], 'latest')).toMatchObject({ error: { code: -32602 } })
    expect(await node.call('eth_getProof', ALICE, [])).toMatchObject({ error: { code: -32602, message: 'missing value for required argument 2' } })
    expect(await node.call('eth_getProof', ALICE, [], `0x${(head + 1).toString(16)}`)).toEqual({ error: { code: -32000, message: 'header not found' } })
  })
})

describe('state methods with a state history of 10 blocks', () => {
  let node: TestNode
  beforeAll(async () => {
    node = await startTestNode({ history: 40, stateHistory: 10 })
  }, 120_000)
  afterAll(() => node.stop())

  it('serves the state of the last 10 blocks; older state answers -32000 "missing trie node", blocks themselves stay served', async () => {
    const head = Number(await node.result<string>('eth_blockNumber'))
    const at = (n: number): string => `0x${n.toString(16)}`
    for (const method of [
      ['eth_getBalance', ALICE],
      ['eth_getTransactionCount', ALICE],
      ['eth_getCode', TOKEN],
      ['eth_getStorageAt', TOKEN, '0x0'],
      ['eth_call', { to: ALICE, data: '0x' }],
      ['eth_getProof', TOKEN, []],
    ] as const) {
      const [name, ...args] = method
      expect(await node.call(name, ...args, at(head - 9)), `${name} at the oldest block kept`).toHaveProperty('result')
      const refused = await node.call(name, ...args, at(head - 10))
      expect(refused, `${name} one block older`).toMatchObject({
        error: { code: -32000, message: expect.stringMatching(/^missing trie node 0x[0-9a-f]{64} \(path \): the state of block \d+ is not kept/) },
      })
      expect(await node.call(name, ...args, 'earliest')).toMatchObject({ error: { code: -32000 } })
    }
    expect(await node.result('eth_getBlockByNumber', '0x1', false)).toMatchObject({ number: '0x1' })
    const { hash } = await node.result<{ hash: string }>('eth_getBlockByNumber', at(head - 20), false)
    expect(await node.call('eth_getBalance', ALICE, { blockHash: hash })).toMatchObject({ error: { code: -32000 } })
  })
})
