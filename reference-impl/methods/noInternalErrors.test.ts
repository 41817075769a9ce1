import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from '../chain/devAccounts.js'
import { type TestNode, startTestNode } from './startTestNode.js'

// -32603 is the node's own fault, never a client's mistake: every method of openrpc.json is called
// with arguments generated from its params' schemas, pushed to their edges (quantities of 0, 2^64-1,
// 2^256-1, 2^256; empty and odd data; unknown addresses and hashes; wrong types now and then), and
// no answer may be -32603. Seeded: a failure prints its seed and path for replay.

const SEED = 20_261_124
type Schema = Record<string, unknown>
const spec = JSON.parse(readFileSync(new URL('../../openrpc.json', import.meta.url), 'utf8')) as {
  methods: Array<{ name: string; params: Schema[] }>
  components: { schemas: Record<string, Schema>; contentDescriptors: Record<string, Schema> }
}

function resolve(node: Schema): Schema {
  const ref = node['$ref']
  if (typeof ref !== 'string') return node
  const [, , kind, name] = ref.split('/')
  const target = kind === 'schemas' ? spec.components.schemas[name ?? ''] : spec.components.contentDescriptors[name ?? '']
  if (target === undefined) throw new Error(`unresolved ${ref}`)
  return resolve(target)
}

const hex = (value: bigint): string => `0x${value.toString(16)}`
const hexBytes = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`
const EDGE_QUANTITIES = [0n, 1n, 2n ** 31n, 2n ** 53n, 2n ** 63n, 2n ** 64n - 1n, 2n ** 64n, 2n ** 255n, 2n ** 256n - 1n, 2n ** 256n].map(hex)
const quantity = fc.oneof(
  { arbitrary: fc.nat({ max: 100_000 }).map((n) => hex(BigInt(n))), weight: 6 },
  { arbitrary: fc.constantFrom(...EDGE_QUANTITIES), weight: 3 },
  { arbitrary: fc.bigInt({ min: 0n, max: 2n ** 260n }).map(hex), weight: 1 },
)
const data = fc.oneof(fc.constantFrom('0x', '0x00', '0x5b600056', '0xfe', '0x60006000fd'), fc.uint8Array({ maxLength: 40 }).map(hexBytes))
const address = fc.oneof(
  fc.constantFrom(
    ...DEV_ACCOUNTS.slice(0, 3).map((account) => account.address),
    '0x4200000000000000000000000000000000000042',
    '0x0000000000000000000000000000000000000000',
    '0x0000000000000000000000000000000000000001',
  ),
  fc.uint8Array({ minLength: 20, maxLength: 20 }).map(hexBytes),
)
const hash32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hexBytes)
const garbage = fc.oneof(fc.constantFrom('0x', '0xzz', '', 'latest', '0x01', null, true, -1, 1.5, [], {}), fc.anything({ maxDepth: 1 }))

/** Values for a schema: mostly what it describes, at its edges; now and then anything at all. */
function arbitrary(raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw)
  const title = schema['title']
  const valid = ((): fc.Arbitrary<unknown> => {
    if (title === 'quantity') return quantity
    if (title === 'data') return data
    if (title === 'address') return address
    if (title === 'hash32') return hash32
    if (title === 'storageSlot') return fc.oneof(quantity, hash32)
    if ('schema' in schema) return arbitrary(schema['schema'] as Schema, depth)
    const alternatives = (schema['oneOf'] ?? schema['anyOf']) as Schema[] | undefined
    if (alternatives !== undefined) return fc.oneof(...alternatives.map((alternative) => arbitrary(alternative, depth + 1)))
    if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]))
    switch (schema['type']) {
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      case 'integer':
      case 'number':
        return fc.integer()
      case 'string':
        return fc.string({ maxLength: 8 })
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(arbitrary((schema['items'] as Schema | undefined) ?? {}, depth + 1), { maxLength: 3 })
      case 'object': {
        const properties = (schema['properties'] ?? {}) as Record<string, Schema>
        if (depth > 3) return fc.constant({})
        return fc.record(Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitrary(property, depth + 1)])), { requiredKeys: [] })
      }
      default:
        return fc.anything({ maxDepth: 1 })
    }
  })()
  return fc.oneof({ arbitrary: valid, weight: depth === 0 ? 9 : 24 }, { arbitrary: garbage, weight: 1 })
}

/** The params of a method: its declared ones in order (trailing ones sometimes left out). */
function paramsOf(method: { params: Schema[] }): fc.Arbitrary<unknown[]> {
  const all = method.params.map((param) => arbitrary(param))
  return fc.tuple(...all, fc.nat({ max: all.length })).map((values) => {
    const cut = values.pop() as number
    return values.slice(0, Math.max(cut, values.length - 1))
  })
}

describe('no client argument is an internal error (-32603)', () => {
  let node: TestNode
  beforeAll(async () => {
    node = await startTestNode({ history: 40 })
  }, 120_000)
  afterAll(() => node.stop())

  // Subscriptions need a WebSocket connection: the transports answer them, not the method table.
  for (const method of spec.methods.filter((entry) => entry.name !== 'eth_subscribe' && entry.name !== 'eth_unsubscribe')) {
    it(`${method.name}: generated arguments never answer -32603`, async () => {
      await fc.assert(
        fc.asyncProperty(paramsOf(method), async (params) => {
          const answer = await node.call(method.name, ...params)
          if ('error' in answer) expect(answer.error.code, `${method.name} ${JSON.stringify(params)} -> ${JSON.stringify(answer)}`).not.toBe(-32603)
        }),
        { seed: SEED, numRuns: method.name === 'eth_call' || method.name === 'eth_estimateGas' ? 600 : 200 },
      )
    }, 120_000)
  }

  it('eth_call and eth_estimateGas with gasPrice 2^256-1 are a bad argument (-32602), not an internal error', async () => {
    for (const method of ['eth_call', 'eth_estimateGas']) {
      const answer = await node.call(method, { to: '0x4200000000000000000000000000000000000042', gasPrice: hex(2n ** 256n - 1n) }, 'latest')
      expect(answer, method).toMatchObject({ error: { code: -32602 } })
    }
  })
})
