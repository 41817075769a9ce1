import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { diffOpenRpc } from './diffOpenRpc.js'
import type { SpecChange } from './specChange.js'
import { specDiffFiles } from './specDiff.js'

type Schemas = Record<string, unknown>

/** Signed transactions of three types, told apart by a one-value `type` (as execution-apis writes them). */
const TX: Schemas = {
  Tx2: {
    title: 'Signed 1559',
    type: 'object',
    required: ['type', 'maxFeePerGas'],
    properties: { type: { type: 'string', pattern: '^0x2$' }, maxFeePerGas: { type: 'string' } },
  },
  Tx1: {
    title: 'Signed 2930',
    type: 'object',
    required: ['type', 'gasPrice'],
    properties: { type: { type: 'string', pattern: '^0x1$' }, gasPrice: { type: 'string' } },
  },
  Tx0: {
    title: 'Signed legacy',
    type: 'object',
    required: ['type', 'gasPrice'],
    properties: { type: { type: 'string', pattern: '^0x0$' }, gasPrice: { type: 'string' } },
  },
  Tx4: {
    title: 'Signed 7702',
    type: 'object',
    required: ['type', 'authorizationList'],
    properties: { type: { type: 'string', pattern: '^0x4$' }, authorizationList: { type: 'array' } },
  },
}

const ref = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` })

/** A document whose method `tx` returns a union of `branches` and takes one as its param. */
function doc(branches: unknown[], schemas: Schemas = TX): unknown {
  return {
    openrpc: '1.2.6',
    info: { title: 't', version: '1' },
    methods: [
      {
        name: 'tx',
        params: [{ name: 'transaction', required: true, schema: { oneOf: branches } }],
        result: { name: 'transaction', schema: { oneOf: branches } },
      },
    ],
    components: { schemas },
  }
}

const lines = (changes: SpecChange[]): string[] => changes.map((c) => `[${c.breaks.join(' ') || 'compatible'}] ${c.message}`)

describe('spec-diff pairs the branches of a union by identity', () => {
  it('reads a branch inserted first as one branch added: a widened result breaks clients, a widened param servers', () => {
    const changes = diffOpenRpc(doc([ref('Tx2'), ref('Tx1'), ref('Tx0')]), doc([ref('Tx4'), ref('Tx2'), ref('Tx1'), ref('Tx0')]))
    expect(lines(changes)).toEqual([
      `[server] param 'transaction' widened: oneOf[0] ("Signed 7702", object) added`,
      `[client] result widened: oneOf[0] ("Signed 7702", object) added`,
    ])
  })

  it('reads a branch removed as one branch removed, the others unchanged', () => {
    const changes = diffOpenRpc(doc([ref('Tx2'), ref('Tx1'), ref('Tx0')]), doc([ref('Tx1'), ref('Tx0')]))
    expect(lines(changes)).toEqual([
      `[client] param 'transaction' narrowed: oneOf[0] ("Signed 1559", object) removed`,
      `[server] result narrowed: oneOf[0] ("Signed 1559", object) removed`,
    ])
  })

  it('finds no change in branches moved', () => {
    expect(diffOpenRpc(doc([ref('Tx2'), ref('Tx1'), ref('Tx0')]), doc([ref('Tx0'), ref('Tx2'), ref('Tx1')]))).toEqual([])
  })

  it('finds no change in a branch whose $ref is renamed to a schema meaning the same', () => {
    const renamed: Schemas = Object.fromEntries(Object.entries(TX).map(([name, schema]) => [name === 'Tx2' ? 'DynamicFee' : name, schema]))
    expect(diffOpenRpc(doc([ref('Tx2'), ref('Tx1'), ref('Tx0')]), doc([ref('Tx1'), ref('DynamicFee'), ref('Tx0')], renamed))).toEqual([])
  })

  it('pairs inline branches by their one-value member, and says what changed inside the one that moved', () => {
    const inline = (name: string, extra: object = {}): unknown => ({ ...(TX[name] as object), title: undefined, ...extra })
    const changes = diffOpenRpc(
      doc([inline('Tx2'), inline('Tx1')]),
      doc([
        inline('Tx4'),
        inline('Tx2', { required: ['type', 'maxFeePerGas', 'chainId'], properties: { ...(TX.Tx2 as { properties: object }).properties, chainId: {} } }),
        inline('Tx1'),
      ]),
    )
    expect(lines(changes)).toEqual([
      `[client] param 'transaction' narrowed: oneOf[0 -> 1]: member 'chainId' added, required`,
      `[server] param 'transaction' widened: oneOf[0] (object) added`,
      `[server] result narrowed: oneOf[0 -> 1]: member 'chainId' added, required`,
      `[client] result widened: oneOf[0] (object) added`,
    ])
  })
})

describe('spec-diff on execution-apis b05b8e48 -> 8deedf15 (EIP-7702 inserted first among the transaction types)', () => {
  const FIXTURES = new URL('./fixtures/execution-apis/', import.meta.url).pathname

  it('says one branch added per place and no change of the type of the branches that moved', async () => {
    const diff = await specDiffFiles(join(FIXTURES, 'openrpc-b05b8e48.json'), join(FIXTURES, 'openrpc-8deedf15.json'))
    const types = diff.changes.filter((c) => /\.type: pattern/.test(c.message))
    // Only the blob transaction's type really changed: a byte before, exactly 0x3 now.
    expect(types.map((c) => c.message.replace(/^.*oneOf\[/, 'oneOf['))).toEqual(
      Array(6).fill(`oneOf[0 -> 1]: allOf[0]: .type: pattern "^0x([0-9a-fA-F]?){1,2}$" -> "^0x3$" (matches a subset of the strings it matched)`),
    )
    const added = diff.changes.filter((c) => /"Signed 7702 Transaction", object\) added$/.test(c.message))
    expect(added.map((c) => [c.where, c.breaks])).toEqual(
      [
        'debug_getBadBlocks',
        'eth_getBlockByHash',
        'eth_getBlockByNumber',
        'eth_getTransactionByBlockHashAndIndex',
        'eth_getTransactionByBlockNumberAndIndex',
        'eth_getTransactionByHash',
      ].map((where) => [where, ['client']]),
    )
  })
})
