import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HarnessError } from '../errors/harnessError.js'
import { loadOpenRpc, type OpenRpcSpec } from './loadOpenRpc.js'

const bundled = fileURLToPath(new URL('../../openrpc.json', import.meta.url))
let spec: OpenRpcSpec
let dir: string

beforeAll(async () => {
  spec = await loadOpenRpc(bundled)
  dir = await mkdtemp(join(tmpdir(), 'l2conf-openrpc-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Writes a changed copy of the bundled spec and returns its path. */
async function variant(name: string, change: (document: Record<string, any>) => void): Promise<string> {
  const document = JSON.parse(await readFile(bundled, 'utf8')) as Record<string, any>
  change(document)
  const file = join(dir, name)
  await writeFile(file, JSON.stringify(document))
  return file
}

async function loadError(file: string): Promise<HarnessError> {
  const error = await loadOpenRpc(file).then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(HarnessError)
  return error as HarnessError
}

describe('loadOpenRpc on the bundled openrpc.json', () => {
  it('identifies the file: version, sha256 of its bytes', async () => {
    const { createHash } = await import('node:crypto')
    expect(spec.version).toBe('0.1.0')
    expect(spec.sha256).toBe(
      createHash('sha256')
        .update(await readFile(bundled))
        .digest('hex'),
    )
    expect(spec.file).toBe(bundled)
  })

  it('enumerates every method of the interface', () => {
    expect(spec.methods.map((method) => method.name).sort()).toEqual(
      [
        'eth_getBlockRange',
        'rollup_getInfo',
        'rollup_gasPrices',
        'eth_getAccounts',
        'eth_sendTransaction',
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
        'eth_sendRawTransaction',
        'eth_subscribe',
        'eth_unsubscribe',
      ].sort(),
    )
    expect(spec.method('eth_nope')).toBeUndefined()
  })

  it('finds the blocked methods from x-blocked', () => {
    expect(spec.methods.filter((method) => method.blocked).map((method) => [method.name, method.blocked?.alternative])).toEqual([
      ['eth_getAccounts', 'an external wallet service'],
      ['eth_sendTransaction', 'eth_sendRawTransaction'],
    ])
    expect(spec.method('eth_sendTransaction')?.errors).toEqual([
      {
        code: -32601,
        message: 'eth_sendTransaction is blocked: this node holds no keys; sign the transaction and send it with eth_sendRawTransaction',
      },
    ])
    // A blocked method never has a result: its result schema accepts nothing.
    expect(spec.method('eth_getAccounts')?.result.validate([])).not.toEqual([])
  })

  it('reads the transports from x-transports, both by default', () => {
    expect(spec.method('eth_subscribe')?.transports).toEqual(['ws'])
    expect(spec.method('eth_unsubscribe')?.transports).toEqual(['ws'])
    expect(spec.method('eth_chainId')?.transports).toEqual(['http', 'ws'])
  })

  it('describes eth_getBlockRange: three required params, examples from the published sample', () => {
    const range = spec.method('eth_getBlockRange')
    expect(range?.params.map((param) => [param.name, param.required])).toEqual([
      ['start', true],
      ['end', true],
      ['fullTransactions', true],
    ])
    expect(range?.examples[0]?.params).toEqual(['0x1', '0x2', false])
    expect(range?.errors.map((error) => error.code)).toEqual([-32602, -32602, -32602, -32000, -32603])
  })

  it('gives the limits and the servers', () => {
    expect(spec.limits).toEqual({
      maxBlockRange: 1000,
      maxBatchItems: 1000,
      maxRequestBytes: 5242880,
      maxWsMessageBytes: 5242880,
      maxResponseBytes: 25000000,
      rateLimit: null,
    })
    expect(spec.servers.map((server) => [server.name, server.url, Object.keys(server.variables)])).toEqual([
      ['mainnet-https', 'https://{host}{path}', ['host', 'path']],
      ['mainnet-websocket', 'wss://{host}{path}', ['host', 'path']],
    ])
  })

  it('every example is valid against the schemas it illustrates, and every method has one', () => {
    const problems: string[] = []
    for (const method of spec.methods) {
      if (method.examples.length === 0) problems.push(`${method.name}: no example`)
      for (const example of method.examples) {
        example.params.forEach((value, index) => {
          for (const issue of method.params[index]?.validate(value) ?? [`no param ${index}`])
            problems.push(`${method.name} ${example.name} param ${index}: ${JSON.stringify(issue)}`)
        })
        if (method.blocked === undefined) {
          for (const issue of method.result.validate(example.result)) problems.push(`${method.name} ${example.name} result: ${JSON.stringify(issue)}`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('dereferences: param and component schemas are plain objects without $ref', () => {
    const text = JSON.stringify(spec.document)
    expect(text).not.toContain('"$ref"')
    expect(spec.method('eth_getBalance')?.params[1]?.schema).toMatchObject({ title: 'blockParameter' })
    expect(spec.schema('rangeBlock').schema).toMatchObject({ allOf: [{ title: 'block' }, { required: expect.arrayContaining(['totalDifficulty']) }] })
  })
})

describe('validators reject wrong values with a useful pointer', () => {
  it('rangeBlock: every 2.1 field, hex-encoded, nothing null', () => {
    const block = structuredClone(spec.method('eth_getBlockRange')?.examples[0]?.result as Array<Record<string, unknown>>)[0] as Record<string, unknown>
    expect(spec.schema('rangeBlock').validate(block)).toEqual([])
    delete block['totalDifficulty']
    block['nonce'] = '0x0'
    block['number'] = 1
    block['hash'] = null
    block['transactions'] = ['0xabc']
    expect(spec.schema('rangeBlock').validate(block)).toMatchInlineSnapshot(`
      [
        {
          "message": "must be string or null",
          "pointer": "/number",
        },
        {
          "message": "must match pattern "^0x[0-9a-f]{16}$"",
          "pointer": "/nonce",
        },
        {
          "message": "must match pattern "^0x[0-9a-f]{64}$"",
          "pointer": "/transactions/0",
        },
        {
          "message": "must have required property 'totalDifficulty'",
          "pointer": "",
        },
        {
          "message": "must be string",
          "pointer": "/hash",
        },
      ]
    `)
  })

  it('rollup_getInfo: plain integers, mode enum, no additional members', () => {
    const validate = spec.method('rollup_getInfo')?.result.validate
    expect(
      validate?.({
        mode: 'validator',
        syncing: false,
        ethContext: { blockNumber: '0x1', timestamp: 1 },
        rollupContext: { index: 1, queueIndex: -2, verifiedIndex: 0 },
        extra: true,
      }),
    ).toMatchInlineSnapshot(`
      [
        {
          "message": "is not allowed (no additional properties here)",
          "pointer": "/extra",
        },
        {
          "message": "must be one of ["sequencer","verifier"]",
          "pointer": "/mode",
        },
        {
          "message": "must be integer",
          "pointer": "/ethContext/blockNumber",
        },
        {
          "message": "must be >= 0",
          "pointer": "/rollupContext/queueIndex",
        },
      ]
    `)
  })

  it('rollup_gasPrices: hex quantities, both required', () => {
    expect(spec.method('rollup_gasPrices')?.result.validate({ l1GasPrice: 5 })).toEqual([
      { pointer: '', message: "must have required property 'l2GasPrice'" },
      { pointer: '/l1GasPrice', message: 'must be string' },
    ])
  })

  it('params: a bad block number names both alternatives', () => {
    expect(spec.method('eth_getBlockRange')?.params[0]?.validate('0x01')).toEqual([
      { pointer: '', message: 'must match pattern "^0x(0|[1-9a-f][0-9a-f]*)$", or must be one of ["earliest","latest","pending"]' },
    ])
    expect(spec.method('eth_getBlockByNumber')?.params[0]?.validate('finalized')).toEqual([])
    expect(spec.method('eth_getBlockRange')?.params[0]?.validate('finalized')).not.toEqual([])
  })

  it('a result that may be null says so', () => {
    expect(spec.method('eth_getTransactionReceipt')?.result.validate(null)).toEqual([])
    expect(spec.method('eth_getTransactionReceipt')?.result.validate(7)).toEqual([{ pointer: '', message: 'must be object or null' }])
  })

  it('schema() of an unknown name is an L2CONF_ERR_SPEC error', () => {
    expect(() => spec.schema('nope')).toThrowError(HarnessError)
  })
})

describe('loadOpenRpc on broken files', () => {
  it('a missing file', async () => {
    const error = await loadError(join(dir, 'absent.json'))
    expect(error.code).toBe('L2CONF_ERR_SPEC')
    expect(error.details).toEqual({ file: join(dir, 'absent.json'), pointer: '' })
    expect(error.message).toBe(`${join(dir, 'absent.json')}: cannot read the file: no such file`)
  })

  it('not JSON', async () => {
    const file = join(dir, 'broken.json')
    await writeFile(file, '{"openrpc": ')
    expect((await loadError(file)).message).toMatch(/broken\.json: not valid JSON: /)
  })

  it('a $ref that names nothing, with its pointer', async () => {
    const file = await variant('bad-ref.json', (document) => {
      document['methods'][1].result.schema = { $ref: '#/components/schemas/rollupInf' }
    })
    const error = await loadError(file)
    expect(error.details).toEqual({ file, pointer: '/methods/1/result/schema/$ref' })
    expect(error.message).toBe(`${file}#/methods/1/result/schema/$ref: the reference "#/components/schemas/rollupInf" names nothing in the document`)
  })

  it('a schema that does not compile, with its pointer', async () => {
    const file = await variant('bad-schema.json', (document) => {
      document['components'].schemas.quantity.pattern = '(('
    })
    const error = await loadError(file)
    expect(error.details['pointer']).toBe('/components/schemas/quantity')
    expect(error.message).toContain('the schema does not compile')
  })

  it('two methods of one name', async () => {
    const file = await variant('twice.json', (document) => {
      document['methods'].push(document['methods'][0])
    })
    expect((await loadError(file)).details['pointer']).toBe(`/methods/${spec.methods.length}/name`)
  })

  it('not an OpenRPC document', async () => {
    const file = join(dir, 'other.json')
    await writeFile(file, '{"openapi": "3.0.3"}')
    expect((await loadError(file)).message).toBe(`${file}#: not an OpenRPC document (no "openrpc" version string)`)
  })
})
