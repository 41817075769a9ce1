import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'
import { pinMovingTags, specCases } from './specCases.js'

const root = new URL('../../', import.meta.url).pathname

describe('pinMovingTags', () => {
  it('pins moving tags at the top level and in a filter, and leaves the rest', () => {
    expect(pinMovingTags(['0xabc', 'latest', 'earliest', { fromBlock: 'pending', toBlock: '0x1', address: 'latest' }], 16)).toEqual([
      '0xabc',
      '0x10',
      'earliest',
      { fromBlock: '0x10', toBlock: '0x1', address: 'latest' },
    ])
  })
})

describe('specCases of the bundled openrpc.json', () => {
  let spec: OpenRpcSpec
  beforeAll(async () => {
    spec = await loadOpenRpc(join(root, 'openrpc.json'))
  })

  it('asks every example, and the same generated params for the same seed', () => {
    const options = { seed: 7, runs: 3, commonHeight: 5, selected: () => true, ws: false }
    const cases = specCases(spec, options)
    expect(cases.filter((c) => c.source === 'example' && c.method === 'eth_getBlockByNumber')).toHaveLength(2)
    expect(specCases(spec, options)).toEqual(cases)
    expect(specCases(spec, { ...options, seed: 8 })).not.toEqual(cases)
  })

  it('never sends valid params to a method that changes state (x-mutates-state)', () => {
    const cases = specCases(spec, { seed: 1, runs: 5, commonHeight: 5, selected: () => true, ws: true })
    const risky = cases.filter((c) => c.method === 'eth_sendRawTransaction' || c.method === 'eth_sendTransaction')
    expect(risky.length).toBeGreaterThan(0)
    expect(risky.every((c) => c.source === 'generated-invalid')).toBe(true)
  })

  it('generates no valid params where the spec opts out (x-generated-params: false), but asks its examples', () => {
    const logs = specCases(spec, { seed: 1, runs: 5, commonHeight: 5, selected: (m) => m === 'eth_getLogs', ws: false })
    expect(logs.some((c) => c.source === 'example')).toBe(true)
    expect(logs.some((c) => c.source === 'generated-valid')).toBe(false)
  })

  it('asks each method over the transports it is served on (x-transports), WebSocket only when both targets have one', () => {
    const cases = specCases(spec, { seed: 1, runs: 1, commonHeight: 5, selected: (m) => m.startsWith('eth_'), ws: true })
    expect(cases.some((c) => c.transport === 'ws' && c.method === 'eth_chainId')).toBe(true)
    expect(cases.some((c) => c.transport === 'http' && c.method === 'eth_chainId')).toBe(true)
    expect(cases.some((c) => c.transport === 'ws' && c.method === 'eth_subscribe')).toBe(true)
    expect(cases.some((c) => c.transport === 'http' && c.method === 'eth_subscribe')).toBe(false)
    expect(cases.some((c) => c.method === 'rollup_getInfo')).toBe(false)
    const httpOnly = specCases(spec, { seed: 1, runs: 1, commonHeight: 5, selected: () => true, ws: false })
    expect(httpOnly.some((c) => c.transport === 'ws' || c.method === 'eth_subscribe')).toBe(false)
  })
})
