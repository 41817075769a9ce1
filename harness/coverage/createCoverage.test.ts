import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadOpenApi, type OpenApiSpec } from '../spec/loadOpenApi.js'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Exchange } from '../transport/exchange.js'
import type { Coverage, MethodCoverage, OperationCoverage } from './coverage.js'
import { createCoverage, MAX_NAME_LENGTH, MAX_UNDECLARED, MORE_UNDECLARED } from './createCoverage.js'
import { CLASSIFY_MAX_BYTES } from './schemaBranches.js'

const openrpcFile = fileURLToPath(new URL('../../openrpc.json', import.meta.url))
const openapiFile = fileURLToPath(new URL('../../openapi.yaml', import.meta.url))
let specs: { openrpc: OpenRpcSpec; openapi: OpenApiSpec }
let dir: string

beforeAll(async () => {
  specs = { openrpc: await loadOpenRpc(openrpcFile, { compile: 'on-first-use' }), openapi: await loadOpenApi(openapiFile, { compile: 'on-first-use' }) }
  dir = await mkdtemp(join(tmpdir(), 'l2conf-coverage-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

let nextId = 1
/** A JSON-RPC exchange as the transports record it, answered with `answer` (a result, or `{ error }`). */
function call(method: string, params: unknown, answer: { result: unknown } | { error: unknown } | undefined, extra: Partial<Exchange> = {}): Exchange {
  const id = nextId++
  const request = params === undefined ? { jsonrpc: '2.0', method, id } : { jsonrpc: '2.0', method, params, id }
  return {
    transport: 'http',
    url: 'http://127.0.0.1:8545',
    request,
    ...(answer === undefined ? {} : { response: { jsonrpc: '2.0', id, ...answer } }),
    httpStatus: 200,
    startedAt: 0,
    durationMs: 1,
    ...extra,
  }
}

function rest(method: string, url: string, status: number | undefined): Exchange {
  return {
    transport: 'http',
    protocol: 'rest',
    url,
    request: { method, url, headers: {} },
    ...(status === undefined ? { failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer' } } : { httpStatus: status, response: {} }),
    startedAt: 0,
    durationMs: 1,
  }
}

function method(coverage: Coverage, name: string): MethodCoverage {
  const found = coverage.methods.find((entry) => entry.name === name)
  if (found === undefined) throw new Error(`no method ${name} in the coverage`)
  return found
}

function operation(coverage: Coverage, verb: string, path: string): OperationCoverage {
  const found = coverage.operations.find((entry) => entry.method === verb && entry.path === path)
  if (found === undefined) throw new Error(`no operation ${verb} ${path} in the coverage`)
  return found
}

function matched(coverage: Coverage, name: string, param: string): Record<string, number> {
  const branches = method(coverage, name).params.find((entry) => entry.name === param)?.branches
  return Object.fromEntries((branches?.branches ?? []).map((branch) => [branch.label, branch.matched]))
}

describe('createCoverage', () => {
  it('lists every method and operation of the documents, none covered, before anything is observed', () => {
    const coverage = createCoverage(specs).result()
    expect(coverage.methods.map((entry) => entry.name)).toEqual(specs.openrpc.methods.map((entry) => entry.name))
    expect(coverage.operations).toHaveLength(specs.openapi.operations.length)
    expect(coverage.totals.methods).toEqual({ covered: 0, declared: specs.openrpc.methods.length })
    expect(coverage.totals.examples.declared).toBe(specs.openrpc.methods.reduce((sum, entry) => sum + entry.examples.length, 0))
    expect(coverage.specs.openrpc.sha256).toBe(specs.openrpc.sha256)
    expect(JSON.parse(JSON.stringify(coverage))).toEqual(coverage)
  })

  it('counts a call: its transport, its params given and omitted, the example it exercised', () => {
    const recorder = createCoverage(specs)
    const example = specs.openrpc.method('eth_getBlockRange')?.examples[0]
    recorder.observe(call('eth_getBlockRange', example?.params, { result: [] }))
    recorder.observe(call('eth_getBlockRange', ['0x1', '0x3', false], { result: [] }, { transport: 'ws' }))
    recorder.observe(call('eth_getBlockRange', ['0x1'], { error: { code: -32602, message: 'missing end' } }))
    const entry = method(recorder.result(), 'eth_getBlockRange')
    expect(entry).toMatchObject({ calls: 3, answered: 3, transports: { http: 2, ws: 1, batch: 0 } })
    expect(entry.examples.map((item) => item.exercised)).toEqual([1, 0])
    expect(entry.params.map(({ name, given, omitted }) => ({ name, given, omitted }))).toEqual([
      { name: 'start', given: 3, omitted: 0 },
      { name: 'end', given: 2, omitted: 1 },
      { name: 'fullTransactions', given: 2, omitted: 1 },
    ])
  })

  it('attributes each given value to the oneOf branch it matches, and counts the ones that match none', () => {
    const recorder = createCoverage(specs)
    recorder.observe(call('eth_getBlockRange', ['0x1', 5, false], { result: [] }))
    recorder.observe(call('eth_getBlockRange', ['latest', 'pending', false], { result: [] }))
    recorder.observe(call('eth_getBlockRange', [{ not: 'a block' }, '0x2', true], { result: [] }))
    const coverage = recorder.result()
    expect(matched(coverage, 'eth_getBlockRange', 'start')).toEqual({ quantity: 1, integer: 0, blockTag: 1 })
    expect(matched(coverage, 'eth_getBlockRange', 'end')).toEqual({ quantity: 1, integer: 1, blockTag: 1 })
    expect(method(coverage, 'eth_getBlockRange').params[0]?.branches?.unmatched).toBe(1)
    // A param whose schema has no alternatives has no branch cells.
    expect(method(coverage, 'eth_getBlockRange').params[2]?.branches).toBeUndefined()
    expect(coverage.totals.paramBranches.covered).toBe(5)
  })

  it('attributes results to the result schema’s branches, and counts null results of a nullable result', () => {
    const recorder = createCoverage(specs)
    recorder.observe(call('eth_syncing', [], { result: false }))
    recorder.observe(call('eth_syncing', [], { result: false }))
    recorder.observe(call('eth_getTransactionByHash', [`0x${'11'.repeat(32)}`], { result: null }))
    const coverage = recorder.result()
    const syncing = method(coverage, 'eth_syncing').result
    expect(syncing.branches?.keyword).toBe('oneOf')
    expect(syncing.branches?.branches.map((branch) => branch.matched)).toEqual([2, 0])
    expect(syncing).toMatchObject({ results: 2, nullable: false, null: 0 })
    const byHash = method(coverage, 'eth_getTransactionByHash').result
    expect(byHash).toMatchObject({ results: 1, nullable: true, null: 1 })
    expect(byHash.branches?.branches.map((branch) => [branch.label, branch.matched])).toEqual([
      ['transaction', 0],
      ['null', 1],
    ])
    expect(coverage.totals.nullResults.covered).toBe(1)
  })

  it('counts declared error codes once per code, and lists undeclared codes apart', () => {
    const recorder = createCoverage(specs)
    recorder.observe(call('eth_getBlockRange', ['0x2', '0x1', false], { error: { code: -32602, message: 'start after end' } }))
    recorder.observe(call('eth_getBlockRange', ['0x1', '0x9999', false], { error: { code: -32000, message: 'end missing' } }))
    recorder.observe(call('eth_getBlockRange', ['0x1', '0x2', false], { error: { code: -32099, message: 'odd' } }))
    const entry = method(recorder.result(), 'eth_getBlockRange')
    expect(entry.errors.map(({ code, seen }) => [code, seen])).toEqual([
      [-32602, 1],
      [-32000, 1],
      [-32603, 0],
    ])
    expect(entry.undeclaredErrors).toEqual([{ code: -32099, seen: 1 }])
  })

  it('counts the items of a batch by their ids, and an item without an answer as unanswered', () => {
    const recorder = createCoverage(specs)
    recorder.observe({
      transport: 'ws',
      url: 'ws://127.0.0.1:8546',
      request: [
        { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 'a' },
        { jsonrpc: '2.0', method: 'eth_blockNumber', params: [], id: 7 },
        { jsonrpc: '2.0', method: 'eth_gasPrice', params: [], id: 8 },
      ],
      response: [
        { jsonrpc: '2.0', id: 7, result: '0x10' },
        { jsonrpc: '2.0', id: 'a', result: '0x1' },
      ],
      startedAt: 0,
      durationMs: 1,
    })
    const coverage = recorder.result()
    expect(method(coverage, 'eth_chainId')).toMatchObject({ calls: 1, answered: 1, transports: { http: 0, ws: 1, batch: 1 } })
    expect(method(coverage, 'eth_blockNumber')).toMatchObject({ calls: 1, answered: 1 })
    expect(method(coverage, 'eth_gasPrice')).toMatchObject({ calls: 1, answered: 0 })
    expect(coverage.exchanges.observed).toBe(1)
  })

  it('classifies nothing of a failed exchange or of an answer past the size bound, and counts both', () => {
    const recorder = createCoverage(specs)
    recorder.observe(call('eth_syncing', [], undefined, { failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer' } }))
    recorder.observe(call('eth_syncing', [], { result: false }, { responseBytes: CLASSIFY_MAX_BYTES + 1 }))
    const coverage = recorder.result()
    const entry = method(coverage, 'eth_syncing')
    expect(entry).toMatchObject({ calls: 2, answered: 1 })
    expect(entry.result.branches?.branches.map((branch) => branch.matched)).toEqual([0, 0])
    expect(coverage.exchanges.unclassified).toEqual({ failed: 1, large: 1 })
  })

  it('bounds a batch item by its own size, not by the bytes of the whole batch', () => {
    const recorder = createCoverage(specs)
    recorder.observe({
      transport: 'http',
      url: 'u',
      request: [{ jsonrpc: '2.0', method: 'eth_syncing', params: [], id: 1 }],
      response: [{ jsonrpc: '2.0', id: 1, result: false }],
      responseBytes: CLASSIFY_MAX_BYTES * 4,
      startedAt: 0,
      durationMs: 1,
    })
    const coverage = recorder.result()
    expect(method(coverage, 'eth_syncing').result.branches?.branches.map((branch) => branch.matched)).toEqual([1, 0])
    expect(coverage.exchanges.unclassified.large).toBe(0)
  })

  it('lists calls of undeclared methods apart, bounded, and counts raw requests without reading them', () => {
    const recorder = createCoverage(specs)
    for (let index = 0; index < MAX_UNDECLARED + 5; index++) recorder.observe(call(`nope_${index}`, [], { error: { code: -32601, message: 'no' } }))
    recorder.observe({ ...call('eth_chainId', [], undefined), request: '{"jsonrpc":"2.0","method":"eth_chainId"', requestIsRaw: true })
    const coverage = recorder.result()
    expect(coverage.undeclaredMethods).toHaveLength(MAX_UNDECLARED + 1)
    expect(coverage.undeclaredMethods.at(-1)).toEqual({ name: MORE_UNDECLARED, calls: 5 })
    expect(method(coverage, 'eth_chainId').calls).toBe(0)
    expect(coverage.exchanges.raw).toBe(1)
    const long = createCoverage(specs)
    long.observe(call('x'.repeat(100_000), [], undefined))
    long.observe(rest('GET', `http://h/${'y'.repeat(100_000)}`, 404))
    const bounded = long.result()
    expect(bounded.undeclaredMethods[0]?.name).toHaveLength(MAX_NAME_LENGTH)
    expect(bounded.undeclaredOperations[0]?.path).toHaveLength(MAX_NAME_LENGTH)
  })

  it('places REST requests under their operation behind a base path: statuses, query params, undeclared paths and methods', () => {
    const recorder = createCoverage(specs)
    recorder.observe(rest('GET', 'http://127.0.0.1:3000/api/v2/treasury/tokens', 200))
    recorder.observe(rest('GET', 'http://127.0.0.1:3000/api/portfolio?addresses=0x1', 400))
    recorder.observe(rest('GET', 'http://127.0.0.1:3000/api/portfolio', 418))
    recorder.observe(rest('GET', 'http://127.0.0.1:3000/api/portfolio', undefined))
    recorder.observe(rest('DELETE', 'http://127.0.0.1:3000/api/v2/treasury/tokens', 405))
    recorder.observe(rest('GET', 'http://127.0.0.1:3000/api/no-such-path', 404))
    // As a transcript keeps it: the path and query, no address.
    recorder.observe({ ...rest('GET', '', 200), request: { method: 'GET', path: '/api/v2/treasury/tokens?x=1', headers: {} } })
    const coverage = recorder.result()
    expect(operation(coverage, 'GET', '/v2/treasury/tokens')).toMatchObject({ calls: 2, answered: 2 })
    expect(operation(coverage, 'GET', '/v2/treasury/tokens').statuses.find((entry) => entry.status === '200')?.seen).toBe(2)
    const portfolio = operation(coverage, 'GET', '/portfolio')
    expect(portfolio).toMatchObject({ calls: 3, answered: 2, undeclaredStatuses: [{ status: 418, seen: 1 }] })
    expect(portfolio.statuses.find((entry) => entry.status === '400')?.seen).toBe(1)
    expect(portfolio.params.find((param) => param.name === 'addresses')).toMatchObject({ given: 1, omitted: 2 })
    expect(coverage.undeclaredOperations).toEqual([
      { method: 'DELETE', path: '/v2/treasury/tokens', calls: 1 },
      { method: 'GET', path: '/api/no-such-path', calls: 1 },
    ])
    expect(coverage.totals.operations.covered).toBe(2)
  })

  it('shows a method added to the spec as uncovered', async () => {
    const document = JSON.parse(await readFile(openrpcFile, 'utf8')) as { methods: unknown[] }
    document.methods.push({
      name: 'rollup_getNewThing',
      params: [
        {
          name: 'which',
          required: true,
          schema: {
            oneOf: [
              { type: 'string', title: 'name' },
              { type: 'integer', title: 'index' },
            ],
          },
        },
      ],
      result: { name: 'thing', schema: { type: 'string' } },
      examples: [{ name: 'one', params: [{ name: 'which', value: 'a' }], result: { name: 'thing', value: 'x' } }],
    })
    const file = join(dir, 'openrpc-plus.json')
    await writeFile(file, JSON.stringify(document))
    const recorder = createCoverage({ ...specs, openrpc: await loadOpenRpc(file) })
    recorder.observe(call('eth_chainId', [], { result: '0x1' }))
    const coverage = recorder.result()
    expect(method(coverage, 'rollup_getNewThing')).toMatchObject({ calls: 0, examples: [{ name: 'one', exercised: 0 }] })
    expect(method(coverage, 'rollup_getNewThing').params[0]?.branches?.branches.map((branch) => branch.label)).toEqual(['name', 'index'])
    expect(coverage.totals.methods).toEqual({ covered: 1, declared: specs.openrpc.methods.length + 1 })
    expect(coverage.undeclaredMethods).toEqual([])
  })

  it('never throws, whatever an exchange holds', () => {
    const recorder = createCoverage(specs)
    const anything = fc.anything({ maxDepth: 3 })
    fc.assert(
      fc.property(
        anything,
        anything,
        fc.boolean(),
        fc.constantFrom('eth_getBlockRange', 'eth_syncing', 'eth_getLogs', 'x'),
        (params, response, isRest, name) => {
          const exchange: Exchange = {
            transport: 'http',
            url: 'u',
            // The url as the REST client records it, a string; the method, whatever a hostile value may be.
            request: isRest ? { method: params, url: typeof response === 'string' ? response : `/${name}` } : { method: name, params, id: 1 },
            response,
            startedAt: 0,
            durationMs: 0,
          }
          if (isRest) exchange.protocol = 'rest'
          recorder.observe(exchange)
          recorder.observe({ ...exchange, request: [params, { method: name, params, id: 1 }], response: [response] })
        },
      ),
    )
    expect(() => JSON.stringify(recorder.result())).not.toThrow()
  })
})
