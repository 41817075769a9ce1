import { createBlock, type HeaderData } from '@ethereumjs/block'
import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common'
import { bytesToHex } from '@ethereumjs/util'
import * as fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { address } from '../generate/address.js'
import { data } from '../generate/data.js'
import { hash32 } from '../generate/hash32.js'
import { quantity } from '../generate/quantity.js'
import { checkChainLinks } from './checkChainLinks.js'
import { computeBlockHash } from './computeBlockHash.js'
import { headerLayout, type HeaderLayoutName } from './headerLayout.js'
import { rpcResult } from './rpcAnswer.js'
import { type AnvilHandle, startAnvil } from '../../test/nodes/startAnvil.js'

type Block = Record<string, unknown>

// @ethereumjs/block names a few header fields differently from the JSON-RPC block object.
const rpcName: Record<string, string> = { uncleHash: 'sha3Uncles', coinbase: 'miner', transactionsTrie: 'transactionsRoot', receiptTrie: 'receiptsRoot' }
const toRpcBlock = (json: Record<string, unknown>): Block => Object.fromEntries(Object.entries(json).map(([k, v]) => [rpcName[k] ?? k, v]))

/** The header fields a real node's header would carry, random but well-formed (hex from the domain arbitraries). */
const headerFields = fc.record({
  parentHash: hash32(),
  uncleHash: hash32(),
  coinbase: address('lower'),
  stateRoot: hash32(),
  transactionsTrie: hash32(),
  receiptTrie: hash32(),
  logsBloom: data({ minLength: 256, maxLength: 256 }),
  difficulty: quantity({ max: 2n ** 64n }),
  number: quantity({ max: 2n ** 40n }),
  gasLimit: quantity({ min: 5000n, max: 2n ** 50n }),
  gasUsed: quantity({ max: 5000n }),
  timestamp: quantity({ max: 2n ** 40n }),
  extraData: data({ maxLength: 32 }),
  mixHash: hash32(),
  nonce: data({ minLength: 8, maxLength: 8 }),
})

const baseFee = { baseFeePerGas: quantity({ min: 7n, max: 10n ** 12n }) }
const shanghaiFields = { ...baseFee, withdrawalsRoot: hash32() }
const cancunFields = {
  ...shanghaiFields,
  blobGasUsed: quantity({ max: 6n * 131072n }),
  excessBlobGas: quantity({ max: 10n ** 7n }),
  parentBeaconBlockRoot: hash32(),
}
const forks: Array<[Hardfork, HeaderLayoutName, Record<string, fc.Arbitrary<string>>]> = [
  [Hardfork.Berlin, 'pre-london', {}],
  [Hardfork.London, 'london', baseFee],
  [Hardfork.Shanghai, 'shanghai', shanghaiFields],
  [Hardfork.Cancun, 'cancun', cancunFields],
  [Hardfork.Prague, 'prague', { ...cancunFields, requestsHash: hash32() }],
]

describe('computeBlockHash() against @ethereumjs/block headers', () => {
  it.each(forks)('equals the header hash of a %s block built by @ethereumjs/block (%s layout)', (hardfork, layout, extra) => {
    // A custom chain like the reference node's (chain id 901); the chain id is no header field.
    const common = createCustomCommon({ chainId: 901 }, Mainnet, { hardfork })
    fc.assert(
      fc.property(headerFields, fc.record(extra), (fields, forkFields) => {
        // After the merge a header must have difficulty 0, a zero nonce and no uncles (the default uncle hash).
        const { uncleHash, ...rest } = fields
        const postMerge = hardfork !== Hardfork.Berlin && hardfork !== Hardfork.London
        const header = postMerge ? { ...rest, ...forkFields, difficulty: '0x0', nonce: '0x0000000000000000' } : { ...fields, ...forkFields, uncleHash }
        // The hex strings come from the domain arbitraries, so they are `0x${string}` in fact.
        const block = createBlock({ header: header as HeaderData }, { common, setHardfork: false })
        const computed = computeBlockHash(toRpcBlock(block.header.toJSON() as Record<string, unknown>))
        expect(computed).toEqual({ hash: bytesToHex(block.header.hash()), layout })
      }),
      { seed: 1, numRuns: 40 },
    )
  })
})

/** The receipt of a sent transaction, once the node has mined it (polled; the suite's timeout bounds the wait). */
async function receiptOf(rpc: string, hash: string): Promise<unknown> {
  for (;;) {
    const receipt = await rpcResult(rpc, 'eth_getTransactionReceipt', [hash])
    if (receipt !== null) return receipt
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('computeBlockHash() and checkChainLinks() against Anvil blocks', () => {
  const hardforks = ['berlin', 'london', 'shanghai', 'cancun', 'prague'] as const
  const nodes = new Map<string, AnvilHandle>()
  const chains = new Map<string, Block[]>()

  beforeAll(async () => {
    await Promise.all(hardforks.map(async (hardfork) => nodes.set(hardfork, await startAnvil(['--hardfork', hardfork]))))
    for (const [hardfork, node] of nodes) {
      await rpcResult(node.rpc, 'evm_mine')
      await rpcResult(node.rpc, 'evm_mine')
      const [from, to] = (await rpcResult(node.rpc, 'eth_accounts')) as string[]
      // Automine: the transfer gets a block of its own. A legacy gas price: Anvil at Berlin takes no EIP-1559 fees.
      const hash = (await rpcResult(node.rpc, 'eth_sendTransaction', [{ from, to, value: '0x1bc16d674ec80000', gasPrice: '0x77359400' }])) as string
      // Anvil may answer before its automined block is sealed: an evm_mine sent then takes the transfer
      // into its own block, and the chain is one block short. The next block waits for the receipt.
      await receiptOf(node.rpc, hash)
      await rpcResult(node.rpc, 'evm_mine')
      const head = Number((await rpcResult(node.rpc, 'eth_blockNumber')) as string)
      const blocks = await Promise.all(Array.from({ length: head + 1 }, (_, n) => rpcResult(node.rpc, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, false])))
      chains.set(hardfork, blocks as Block[])
    }
  }, 60_000)

  afterAll(async () => {
    await Promise.all([...nodes.values()].map((node) => node.stop()))
  })

  it.each(hardforks)('recomputes the hash of every %s block Anvil returns', (hardfork) => {
    const blocks = chains.get(hardfork) ?? []
    expect(blocks.length).toBeGreaterThanOrEqual(5)
    expect(blocks.some((b) => Array.isArray(b.transactions) && b.transactions.length === 1)).toBe(true)
    // Anvil shows (and hashes) blobGasUsed and excessBlobGas even before Cancun: "london+blobGasUsed+excessBlobGas".
    const standard = { berlin: 'pre-london', london: 'london', shanghai: 'shanghai', cancun: 'cancun', prague: 'prague' }[hardfork]
    for (const block of blocks) {
      const computed = computeBlockHash(block)
      expect(computed).toEqual({ hash: block.hash, layout: expect.stringMatching(new RegExp(`^${standard}(\\+|$)`)) })
    }
    expect(checkChainLinks(blocks)).toEqual([])
  })

  it.each(hardforks)('no longer matches when any one header field of a %s block changes', (hardfork) => {
    const blocks = chains.get(hardfork) ?? []
    // Fields per block: Anvil's genesis shows blob fields its later blocks do not.
    const pairs = blocks.flatMap((block) => {
      const layout = headerLayout(block)
      return 'fields' in layout ? layout.fields.map((field) => [block, field.name] as const) : []
    })
    expect(pairs.length).toBeGreaterThanOrEqual(15 * blocks.length)
    fc.assert(
      fc.property(fc.constantFrom(...pairs), fc.nat(), ([block, name], at) => {
        const mutated = { ...block, [name]: mutate(String(block[name]), at) }
        const computed = computeBlockHash(mutated)
        expect('hash' in computed && computed.hash !== block.hash).toBe(true)
      }),
      { seed: 2, numRuns: 150 },
    )
  })
})

/** Changes one hex digit of `hex` (or, for a quantity of one digit, its value), keeping its shape. */
function mutate(hex: string, at: number): string {
  const digits = hex.slice(2)
  if (digits.length === 0) return '0x00'
  const i = at % digits.length
  const old = Number.parseInt(digits[i] ?? '0', 16)
  // Never make a leading zero in a multi-digit value: step 1..15 away, avoiding 0 at position 0.
  let next = (old + 1 + (at % 15)) % 16
  if (i === 0 && digits.length > 1 && next === 0) next = old === 1 ? 2 : 1
  return `0x${digits.slice(0, i)}${next.toString(16)}${digits.slice(i + 1)}`
}

describe('computeBlockHash() errors', () => {
  const pre = (overrides: Block = {}): Block => ({
    parentHash: `0x${'11'.repeat(32)}`,
    sha3Uncles: `0x${'22'.repeat(32)}`,
    miner: `0x${'33'.repeat(20)}`,
    stateRoot: `0x${'44'.repeat(32)}`,
    transactionsRoot: `0x${'55'.repeat(32)}`,
    receiptsRoot: `0x${'66'.repeat(32)}`,
    logsBloom: `0x${'00'.repeat(256)}`,
    difficulty: '0x2',
    number: '0x1',
    gasLimit: '0xe4e1c0',
    gasUsed: '0x0',
    timestamp: '0x618d8837',
    extraData: '0x',
    mixHash: `0x${'00'.repeat(32)}`,
    nonce: '0x0000000000000000',
    ...overrides,
  })

  it('names what is missing or malformed', () => {
    expect(computeBlockHash(pre())).toMatchObject({ layout: 'pre-london' })
    expect(computeBlockHash(pre({ stateRoot: undefined }))).toEqual({ error: 'missing header field stateRoot' })
    expect(computeBlockHash(pre({ mixHash: undefined, nonce: undefined }))).toEqual({ error: 'missing header fields mixHash, nonce' })
    expect(computeBlockHash(pre({ nonce: null }))).toEqual({ error: 'nonce is null (a pending block has no hash to check)' })
    expect(computeBlockHash(pre({ miner: '0x1234' }))).toEqual({ error: "miner has 2 bytes, a header's has 20" })
    expect(computeBlockHash(pre({ extraData: '0x123' }))).toEqual({ error: 'extraData has an odd number of hex digits' })
    expect(computeBlockHash(pre({ gasUsed: 21000 }))).toEqual({ error: 'gasUsed is not a hex string: 21000' })
  })

  it('names a non-standard mix of fork fields by the standard layout it extends', () => {
    const root = `0x${'00'.repeat(32)}`
    expect(computeBlockHash(pre({ withdrawalsRoot: root }))).toMatchObject({ layout: 'pre-london+withdrawalsRoot' })
    expect(computeBlockHash(pre({ baseFeePerGas: '0x7', blobGasUsed: '0x0', excessBlobGas: '0x0' }))).toMatchObject({
      layout: 'london+blobGasUsed+excessBlobGas',
    })
    expect(
      computeBlockHash(pre({ baseFeePerGas: '0x7', withdrawalsRoot: root, blobGasUsed: '0x0', excessBlobGas: '0x0', parentBeaconBlockRoot: root })),
    ).toMatchObject({ layout: 'cancun' })
    // A null fork field is an absent one.
    expect(computeBlockHash(pre({ baseFeePerGas: null }))).toEqual(computeBlockHash(pre()))
  })

  it("reads a non-canonical quantity by its number (its encoding is another check's business)", () => {
    expect(computeBlockHash(pre({ difficulty: '0x02' }))).toEqual(computeBlockHash(pre()))
  })
})
