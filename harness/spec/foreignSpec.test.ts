import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { catalogue } from '../requirements/index.js'
import { liveParams, type LiveSample } from '../scenarios/liveSample.js'
import { mutatesState, READ_METHODS, readOnlyStandardMethods, refusedBySpec } from '../scenarios/methodKinds.js'
import { paramsArbitrary, refusedParams } from '../scenarios/paramsArbitrary.js'
import { rangeBlockValidator, transactionValidator } from '../scenarios/resultSchemas.js'
import { describeLeftOut, leftOutChecks } from '../run/undeclared.js'
import { mayBeUnheldData, namedChainData, unheldChainData } from '../scenarios/unheldChainData.js'
import { specCases } from '../diff/specCases.js'
import { declareChecks, type CheckDeclaration } from '../run/registry.js'
import type { RunContext } from '../run/runContext.js'
import { parseRunArgs } from '../run/runConfig.js'
import type { Exchange } from '../transport/exchange.js'
import { createDocumentValidators } from './documentValidators.js'
import { loadOpenApi, type OpenApiSpec } from './loadOpenApi.js'
import { loadOpenRpc, type MethodSpec, type OpenRpcSpec } from './loadOpenRpc.js'

// How the suites read an OpenRPC document written elsewhere (the Ethereum execution-apis one: no
// x-mutates-state, no rollup methods, its own schema names, examples of mainnet) and their own:
// a read-only run never executes a method that may change state, and what the spec does not describe
// is never charged to the node.

const root = new URL('../../', import.meta.url).pathname
const OURS = join(root, 'openrpc.json')
const EXECUTION_APIS = join(root, 'harness/lint/fixtures/execution-apis/openrpc.json')

/** The state-changing methods of the execution-apis document, by the reasoning of READ_METHODS. */
const EXECUTION_APIS_STATE_CHANGING = (name: string): boolean =>
  name.startsWith('engine_') ||
  name.startsWith('testing_') ||
  [
    'eth_sendRawTransaction',
    'eth_sendTransaction',
    'eth_sign',
    'eth_signTransaction',
    'eth_newFilter',
    'eth_newBlockFilter',
    'eth_newPendingTransactionFilter',
    'eth_getFilterChanges',
    'eth_uninstallFilter',
  ].includes(name)

let ours: OpenRpcSpec
let foreign: OpenRpcSpec
let openapi: OpenApiSpec

function declared(openrpc: OpenRpcSpec): CheckDeclaration[] {
  const config = parseRunArgs(['--rpc', 'http://127.0.0.1:9', '--ws', 'ws://127.0.0.1:9', '--seed', '7'], {
    openrpc: openrpc.file,
    openapi: join(root, 'openapi.yaml'),
    env: {},
    implicitTarget: 'refuse',
  })
  if (config === 'help') throw new Error('unreachable')
  const checks = declareChecks(catalogue, { config, openrpc, openapi })
  expect(checks.errors).toEqual([])
  return checks.checks
}

const componentsOf = (spec: OpenRpcSpec): Record<string, unknown> =>
  (spec.document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}

beforeAll(async () => {
  ;[ours, foreign, openapi] = await Promise.all([
    loadOpenRpc(OURS, { compile: 'on-first-use' }),
    loadOpenRpc(EXECUTION_APIS, { compile: 'on-first-use' }),
    loadOpenApi(join(root, 'openapi.yaml'), { compile: 'on-first-use' }),
  ])
})

describe('which methods change state', () => {
  it('every method of the bundled openrpc.json is marked x-mutates-state or is a known read; only the two that send change state', () => {
    const unknown = ours.methods.filter(
      (m) =>
        !READ_METHODS.has(m.name) &&
        typeof (ours.document as { methods: Array<Record<string, unknown>> }).methods.find((d) => d.name === m.name)?.['x-mutates-state'] !== 'boolean',
    )
    // A method added to openrpc.json must be marked (x-mutates-state) or be added to READ_METHODS with its reason:
    // otherwise it silently loses its RPC-STANDARD checks, as a method that may change state.
    expect(unknown.map((m) => m.name)).toEqual([])
    expect(
      ours.methods
        .filter((m) => mutatesState(ours, m))
        .map((m) => m.name)
        .sort(),
    ).toEqual(['eth_sendRawTransaction', 'eth_sendTransaction'])
  })

  it('a document that marks nothing: only the known reads are reads (engine_*, testing_*, sending, signing and node-side filters change state)', () => {
    const changing = foreign.methods.filter((m) => mutatesState(foreign, m)).map((m) => m.name)
    expect(changing).toEqual(foreign.methods.map((m) => m.name).filter(EXECUTION_APIS_STATE_CHANGING))
    expect(changing).toContain('engine_forkchoiceUpdatedV3')
    expect(readOnlyStandardMethods(foreign).map((m) => m.name)).toEqual(
      expect.arrayContaining(['eth_call', 'eth_estimateGas', 'eth_getLogs', 'eth_getFilterLogs', 'debug_getRawBlock', 'net_version']),
    )
  })

  it('x-mutates-state decides when the spec says, either way; an unknown method counts as changing state', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-mutates-'))
    const file = join(dir, 'marked.json')
    const method = (name: string, marked?: boolean): object => ({
      name,
      params: [],
      result: { name: 'r', schema: {} },
      ...(marked === undefined ? {} : { 'x-mutates-state': marked }),
    })
    await writeFile(
      file,
      JSON.stringify({
        openrpc: '1.3.2',
        info: { title: 't', version: '1' },
        methods: [method('miner_hashrate', false), method('eth_chainId', true), method('eth_blockNumber'), method('vendor_doSomething')],
      }),
    )
    const spec = await loadOpenRpc(file)
    expect(spec.methods.map((m) => mutatesState(spec, m))).toEqual([false, true, false, true])
  })
})

describe('params a method that changes state may be sent: only those the spec refuses', () => {
  const method = (params: Array<{ required: boolean; validate: (v: unknown) => unknown[] }>): MethodSpec =>
    ({
      name: 'm',
      summary: '',
      params: params.map((p, i) => ({ name: `p${i}`, schema: {}, ...p })),
      result: { name: 'r', schema: {}, validate: () => [] },
      examples: [],
      errors: [],
      transports: ['http', 'ws'],
    }) as unknown as MethodSpec
  const hex = (v: unknown): unknown[] => (typeof v === 'string' && v.startsWith('0x') ? [] : [{ pointer: '', message: 'not hex' }])

  it('a value invalid against its schema, or a required param missing, is refused; a param too many is not (a lenient node ignores it)', () => {
    const m = method([
      { required: true, validate: hex },
      { required: false, validate: hex },
    ])
    expect(refusedBySpec(m, ['0x1'])).toBe(false)
    expect(refusedBySpec(m, ['0x1', '0x2', 'extra'])).toBe(false)
    expect(refusedBySpec(m, [])).toBe(true)
    expect(refusedBySpec(m, ['zz'])).toBe(true)
    expect(refusedBySpec(m, ['0x1', 'zz'])).toBe(true)
  })

  it('refusedParams: every list refused, the same lists as fc.sample when none is dropped, none for a method without params', () => {
    const components = componentsOf(foreign)
    for (const m of foreign.methods.filter((m) => mutatesState(foreign, m) && !m.name.startsWith('engine_newPayload'))) {
      const lists = refusedParams(m, components, 11, 2)
      expect(
        lists.every((params) => refusedBySpec(m, params)),
        m.name,
      ).toBe(true)
      if (m.params.length === 0) expect(lists, m.name).toEqual([])
      else expect(lists, m.name).toHaveLength(2)
    }
    const raw = ours.method('eth_sendRawTransaction')!
    expect(refusedParams(raw, componentsOf(ours), 5, 3)).toEqual(fc.sample(paramsArbitrary(raw, 'invalid', componentsOf(ours)), { seed: 5, numRuns: 3 }))
  })
})

describe('the checks declared for a document written elsewhere', () => {
  it('declares no check that sends valid params to a method that may change state', () => {
    const ids = declared(foreign).map((c) => c.spec.id)
    for (const m of foreign.methods.filter((m) => mutatesState(foreign, m))) {
      expect(
        ids.filter((id) => id.startsWith(`standard.${m.name}.`)),
        m.name,
      ).toEqual([])
      expect(
        ids.filter((id) => id.startsWith(`errors.spec.${m.name}`)),
        m.name,
      ).toEqual([])
    }
    // Compared over both transports with refused params only, when it takes params at all.
    expect(ids).toContain('ws.engine_forkchoiceUpdatedV3')
    expect(ids).not.toContain('ws.eth_newBlockFilter')
  })

  it("declares no check of a method the document does not describe, and says which and why in the spec's own check", () => {
    const ids = declared(foreign).map((c) => c.spec.id)
    // (subscribe.unsolicited-notifications calls nothing: it judges the frames the whole run received.)
    expect(ids.filter((id) => /^(range|info|gas|subscribe)\./.test(id) || id === 'limits.block-range' || id === 'errors.unknown-subscription')).toEqual([
      'subscribe.unsolicited-notifications',
    ])
    const left = new Map(leftOutChecks(foreign).map(({ id, reason }) => [id, reason]))
    expect(left.get('range.shape')).toBe('the openrpc.json given has no eth_getBlockRange')
    expect(left.get('info.progress')).toBe('the openrpc.json given has no rollup_getInfo')
    expect(left.get('gas.shape')).toBe('the openrpc.json given has no rollup_gasPrices')
    expect(left.get('subscribe.newHeads')).toBe('the openrpc.json given has no eth_subscribe, eth_unsubscribe')
    // A method without an example: its examples check has nothing to judge (its live and generated checks stay).
    expect(left.get('standard.eth_simulateV1.examples')).toBe('openrpc.json has no example for eth_simulateV1')
    expect(ids).toContain('standard.eth_simulateV1.generated')
    expect(describeLeftOut(foreign)).toMatch(
      /^\d+ checks are not declared, for what the spec does not describe: .*range\.shape.*\(the openrpc\.json given has no eth_getBlockRange\)/,
    )
  })

  it('leaves nothing out of the bundled openrpc.json, which describes every method and example the suites use', () => {
    const ids = declared(ours).map((c) => c.spec.id)
    expect(leftOutChecks(ours)).toEqual([])
    expect(describeLeftOut(ours)).toBe('')
    for (const id of [
      'range.shape',
      'range.fulltx',
      'range.tags.shape',
      'info.progress',
      'gas.consistent',
      'subscribe.newHeads',
      'limits.block-range',
      'standard.eth_getLogs.examples',
      'ws.eth_sendRawTransaction',
    ])
      expect(ids).toContain(id)
  })

  it('l2conf diff asks a method that may change state only params the spec refuses', () => {
    const cases = specCases(foreign, { seed: 3, runs: 2, commonHeight: 5, selected: (m) => !m.startsWith('engine_newPayload'), ws: true })
    const changing = cases.filter((c) => mutatesState(foreign, foreign.method(c.method)!))
    expect(changing.length).toBeGreaterThan(0)
    for (const c of changing) {
      expect(c.source, c.method).toBe('generated-invalid')
      expect(refusedBySpec(foreign.method(c.method)!, c.params), `${c.method} ${JSON.stringify(c.params).slice(0, 80)}`).toBe(true)
    }
    expect(cases.some((c) => c.method === 'eth_getBalance' && c.source === 'example')).toBe(true)
  })
})

describe('schemas read from where the spec uses them', () => {
  it("a range block is the items of eth_getBlockRange's result; a transaction is eth_getTransactionByHash's result less its null", () => {
    const block = { number: '0x1' }
    expect(rangeBlockValidator(ours)!(block)).toEqual(ours.schema('rangeBlock').validate(block))
    expect(rangeBlockValidator(foreign)).toBeUndefined()
    const tx = { hash: '0x12' }
    expect(transactionValidator(ours)!(tx)).toEqual(ours.schema('transaction').validate(tx))
    expect(transactionValidator(foreign)!(null)).not.toEqual([])
    expect(transactionValidator(foreign)!({ hash: 'not a hash' })).not.toEqual([])
  })

  it("an answer the spec's oneOf describes twice (an empty list of hashes or of logs) is not refused when judging a node; lint still refuses it", () => {
    expect(foreign.method('eth_getLogs')!.result.validate([])).toEqual([])
    expect(foreign.method('eth_getLogs')!.result.validate([{ removed: 'no' }])).not.toEqual([])
    const document = {
      schema: {
        oneOf: [
          { type: 'array', items: { type: 'string' } },
          { type: 'array', items: { type: 'number' } },
        ],
      },
    }
    expect(createDocumentValidators(document, 'f').at('/schema')([])).not.toEqual([])
    expect(createDocumentValidators(document, 'f', { overlappingOneOf: 'accept' }).at('/schema')([])).toEqual([])
    expect(createDocumentValidators(document, 'f', { overlappingOneOf: 'accept' }).at('/schema')([true])).not.toEqual([])
  })
})

describe('live params', () => {
  const sample: LiveSample = {
    block: { number: '0x5', hash: `0x${'ab'.repeat(32)}` },
    transaction: { hash: `0x${'cd'.repeat(32)}`, from: `0x${'ef'.repeat(20)}` },
  }

  it("are filled by the params' names written in any case, with or without spaces", () => {
    expect(liveParams(foreign.method('eth_getBlockByHash')!, sample)).toEqual({ params: [sample.block.hash, true] })
    expect(liveParams(foreign.method('eth_getTransactionByBlockNumberAndIndex')!, sample)).toEqual({ params: ['0x5', '0x0'] })
    expect(liveParams(foreign.method('eth_getBalance')!, sample)).toEqual({ params: [sample.transaction!.from, '0x5'] })
    expect(liveParams(ours.method('eth_getBlockByNumber')!, sample)).toEqual({ params: ['0x5', true] })
  })

  it('never fewer than the spec requires, and never none: a param no value fills is a gap', () => {
    // Its one param is not marked required, but a call without it names nothing of the chain.
    const byHash = {
      ...foreign.method('eth_getBlockTransactionCountByHash')!,
      params: foreign.method('eth_getBlockTransactionCountByHash')!.params.map((p) => ({ ...p, name: 'Unknown' })),
    }
    expect(liveParams(byHash, sample)).toEqual({ missing: 'Unknown', needsTransaction: false })
    expect(liveParams(foreign.method('eth_feeHistory')!, sample)).toEqual({ missing: 'blockCount', needsTransaction: false })
    expect(liveParams(foreign.method('eth_getTransactionByHash')!, { ...sample, transaction: null })).toEqual({
      missing: 'Transaction hash',
      needsTransaction: true,
    })
    expect(liveParams(foreign.method('eth_getBlockTransactionCountByHash')!, sample)).toEqual({ params: [sample.block.hash] })
  })
})

describe('examples naming what the target does not hold', () => {
  const exchange = (response: unknown): Exchange => ({ transport: 'http', url: 'http://t', request: {}, response, startedAt: 0, durationMs: 1 })
  /** A target whose head is block 0 on chain 0x1, holding no block or transaction asked and no balance. */
  const target = {
    http: {
      call: async (method: string): Promise<Exchange> => {
        const result = ({ eth_blockNumber: '0x0', eth_chainId: '0x1', eth_getBalance: '0x0' } as Record<string, unknown>)[method] ?? null
        return exchange({ jsonrpc: '2.0', id: 1, result })
      },
    },
  } as unknown as RunContext

  it('reads blocks, transactions, chain ids, senders and filters off the params, by name', () => {
    const example = (name: string): unknown[] => foreign.method(name)!.examples[0]!.params
    expect(namedChainData(foreign.method('eth_getLogs')!, example('eth_getLogs')).map((n) => n.kind)).toEqual(['block-number', 'block-number'])
    expect(namedChainData(foreign.method('eth_getFilterLogs')!, example('eth_getFilterLogs'))).toEqual([{ kind: 'filter-id', value: '0x01' }])
    expect(namedChainData(foreign.method('eth_call')!, example('eth_call'))).toEqual([{ kind: 'sender', value: `0x${'0'.repeat(40)}`, implicit: true }])
    expect(namedChainData(foreign.method('debug_traceTransaction')!, example('debug_traceTransaction')).map((n) => n.kind)).toEqual(['transaction-hash'])
    expect(namedChainData(foreign.method('eth_feeHistory')!, ['0x400', 'latest', []])).toEqual([])
  })

  it('says which of them the target does not hold, with read methods only', async () => {
    const reasons = await unheldChainData(target, [
      { kind: 'block-number', value: '0x10' },
      { kind: 'block-number', value: '0x0' },
      { kind: 'block-hash', value: `0x${'11'.repeat(32)}` },
      { kind: 'chain-id', value: '0x5' },
      { kind: 'chain-id', value: '0x1' },
      { kind: 'sender', value: `0x${'22'.repeat(20)}` },
      { kind: 'filter-id', value: '0x1' },
    ])
    expect(reasons).toEqual([
      "block 0x10 is past the target's head (0x0)",
      `block 0x${'11'.repeat(32)} is not on the target's chain`,
      "chain id 0x5 is not the target's (0x1)",
      `sender 0x${'22'.repeat(20)} holds no balance on the target`,
      'filter 0x1 was never created by this run',
    ])
  })

  it('never takes the word of the method whose answer is being excused', async () => {
    const hash = `0x${'11'.repeat(32)}`
    expect(await unheldChainData(target, [{ kind: 'block-hash', value: hash }], 'eth_getBlockByHash')).toEqual([])
    expect(await unheldChainData(target, [{ kind: 'block-hash', value: hash }], 'debug_traceBlockByHash')).toEqual([
      `block ${hash} is not on the target's chain`,
    ])
  })

  it('excuses an error or a null, never "method not found" nor an answer of the wrong shape', () => {
    const error = (code: number): Exchange => exchange({ jsonrpc: '2.0', id: 1, error: { code, message: 'm' } })
    expect(mayBeUnheldData(error(-32000), [{ kind: 'unexpected-error', message: 'e' }])).toBe(true)
    expect(mayBeUnheldData(error(-32601), [{ kind: 'unexpected-error', message: 'e' }])).toBe(false)
    expect(mayBeUnheldData(exchange({ jsonrpc: '2.0', id: 1, result: null }), [{ kind: 'schema-violation', message: 'e' }])).toBe(true)
    expect(mayBeUnheldData(exchange({ jsonrpc: '2.0', id: 1, result: 5 }), [{ kind: 'schema-violation', message: 'e' }])).toBe(false)
    expect(mayBeUnheldData(exchange({ jsonrpc: '2.0', id: 1, result: 5 }), [])).toBe(false)
  })
})
