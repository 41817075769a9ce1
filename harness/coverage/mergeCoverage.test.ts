import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { HarnessError } from '../errors/harnessError.js'
import { loadOpenApi, type OpenApiSpec } from '../spec/loadOpenApi.js'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Exchange } from '../transport/exchange.js'
import type { Coverage } from './coverage.js'
import { createCoverage } from './createCoverage.js'
import { mergeCoverage } from './mergeCoverage.js'

let specs: { openrpc: OpenRpcSpec; openapi: OpenApiSpec }

beforeAll(async () => {
  specs = {
    openrpc: await loadOpenRpc(fileURLToPath(new URL('../../openrpc.json', import.meta.url)), { compile: 'on-first-use' }),
    openapi: await loadOpenApi(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), { compile: 'on-first-use' }),
  }
})

function call(method: string, params: unknown[], answer: { result: unknown } | { error: unknown }, transport: 'http' | 'ws' = 'http'): Exchange {
  return {
    transport,
    url: 'u',
    request: { jsonrpc: '2.0', method, params, id: 1 },
    response: { jsonrpc: '2.0', id: 1, ...answer },
    startedAt: 0,
    durationMs: 1,
  }
}

function coverageOf(exchanges: Exchange[]): Coverage {
  const recorder = createCoverage(specs)
  for (const exchange of exchanges) recorder.observe(exchange)
  return recorder.result()
}

describe('mergeCoverage', () => {
  it('is the union of what each part covered, with every count summed', () => {
    const a = coverageOf([
      call('eth_getBlockRange', ['0x1', '0x2', false], { result: [] }),
      call('eth_syncing', [], { result: false }),
      call('eth_getBlockRange', ['0x2', '0x1', false], { error: { code: -32602, message: 'x' } }),
    ])
    const b = coverageOf([
      call('eth_getBlockRange', ['latest', 7, true], { result: [] }, 'ws'),
      call('eth_chainId', [], { result: '0x1' }),
      call('eth_getBlockRange', ['0x2', '0x1', false], { error: { code: -32099, message: 'x' } }),
    ])
    const merged = mergeCoverage([a, b])
    const range = merged.methods.find((method) => method.name === 'eth_getBlockRange')
    expect(range).toMatchObject({ calls: 4, answered: 4, transports: { http: 3, ws: 1, batch: 0 } })
    expect(range?.params[0]?.branches?.branches.map((branch) => branch.matched)).toEqual([3, 0, 1])
    expect(range?.params[1]?.branches?.branches.map((branch) => branch.matched)).toEqual([3, 1, 0])
    expect(range?.errors.find((error) => error.code === -32602)?.seen).toBe(1)
    expect(range?.undeclaredErrors).toEqual([{ code: -32099, seen: 1 }])
    // Each cell covered by either part is covered in the merge, and the totals are counted again.
    for (const key of Object.keys(merged.totals) as Array<keyof Coverage['totals']>) {
      expect(merged.totals[key].declared).toBe(a.totals[key].declared)
      expect(merged.totals[key].covered).toBeGreaterThanOrEqual(Math.max(a.totals[key].covered, b.totals[key].covered))
    }
    expect(merged.totals.methods.covered).toBe(3)
    expect(merged.exchanges.observed).toBe(6)
    // The parts are left as they were.
    expect(a.methods.find((method) => method.name === 'eth_getBlockRange')?.calls).toBe(2)
  })

  it('of one part is that part', () => {
    const a = coverageOf([call('eth_chainId', [], { result: '0x1' })])
    expect(mergeCoverage([a])).toEqual(a)
  })

  it('refuses parts of different spec documents, and nothing at all', () => {
    const a = coverageOf([])
    const other = structuredClone(a)
    other.specs.openrpc.sha256 = 'f'.repeat(64)
    expect(() => mergeCoverage([a, other])).toThrow(HarnessError)
    expect(() => mergeCoverage([a, other])).toThrow(/different openrpc documents/)
    expect(() => mergeCoverage([])).toThrow(/no coverage/)
  })
})
