import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parse, stringify } from 'yaml'
import { lintCommand } from './lintCommand.js'

const bundledOpenRpc = fileURLToPath(new URL('../../openrpc.json', import.meta.url))
const bundledOpenApi = fileURLToPath(new URL('../../openapi.yaml', import.meta.url))
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'l2conf-lint-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Runs `l2conf lint` with `args` and returns its exit code and what it printed (temp dir as <dir>). */
async function lint(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')))
  const error = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')))
  try {
    const code = await lintCommand(args)
    const clean = (lines: string[]): string => lines.join('\n').replaceAll(dir, '<dir>')
    return { code, out: clean(out), err: clean(err) }
  } finally {
    log.mockRestore()
    error.mockRestore()
  }
}

async function openRpcVariant(name: string, change: (document: Record<string, any>) => void): Promise<string> {
  const document = JSON.parse(await readFile(bundledOpenRpc, 'utf8')) as Record<string, any>
  change(document)
  const file = join(dir, name)
  await writeFile(file, JSON.stringify(document, null, 2))
  return file
}

async function openApiVariant(name: string, change: (document: Record<string, any>) => void): Promise<string> {
  const document = parse(await readFile(bundledOpenApi, 'utf8')) as Record<string, any>
  change(document)
  const file = join(dir, name)
  await writeFile(file, stringify(document))
  return file
}

describe('l2conf lint', () => {
  it('the bundled specs lint clean (no arguments: the files at the package root)', async () => {
    const result = await lint()
    expect(result.code).toBe(0)
    expect(result.err).toBe('')
    expect(result.out).toMatch(/^no problems in 2 files \(.*openrpc\.json, .*openapi\.yaml\)$/)
  })

  it('takes the two files in either order', async () => {
    expect((await lint(bundledOpenApi, bundledOpenRpc)).code).toBe(0)
  })

  it('a missing required field', async () => {
    const file = await openRpcVariant('no-version.json', (document) => {
      delete document['info'].version
      delete document['methods'][0].params[0].name
    })
    expect(await lint(file)).toMatchInlineSnapshot(`
      {
        "code": 1,
        "err": "",
        "out": "<dir>/no-version.json#/info: must have required property 'version'
      <dir>/no-version.json#/methods/0/params/0: must have required property 'name'
      2 problems (2 in <dir>/no-version.json)",
      }
    `)
  })

  it('a $ref that names nothing: one problem among the others, saying what it kept from being checked', async () => {
    const rpc = await openRpcVariant('bad-ref.json', (document) => {
      document['methods'][1].result.schema = { $ref: '#/components/schemas/rollupInf' }
      document['methods'][2].examples[0].result.value.l1GasPrice = 1234
    })
    const api = await openApiVariant('bad-ref.yaml', (document) => {
      document['paths']['/token-data'].get.responses['200'].content['application/json'].schema.$ref = '#/components/schemas/TokenBalance5'
      document['components'].parameters.addresses.schema.example = 'nope'
    })
    expect(await lint(rpc, api)).toMatchInlineSnapshot(`
      {
        "code": 1,
        "err": "",
        "out": "<dir>/bad-ref.json#/methods/1/result/schema/$ref: cannot resolve "#/components/schemas/rollupInf": nothing at /components/schemas/rollupInf; not checked because of it: the example at /methods/1/examples/0/result/value
      <dir>/bad-ref.json#/methods/2/examples/0/result/value/l1GasPrice: must be string
      <dir>/bad-ref.yaml#/components/parameters/addresses/schema/example: must match pattern "^0x[0-9a-fA-F]{40}(,0x[0-9a-fA-F]{40}){0,19}$"
      <dir>/bad-ref.yaml#/paths/~1token-data/get/responses/200/content/application~1json/schema/$ref: cannot resolve "#/components/schemas/TokenBalance5": nothing at /components/schemas/TokenBalance5; not checked because of it: the example at /paths/~1token-data/get/responses/200/content/application~1json/example
      4 problems (2 in <dir>/bad-ref.json, 2 in <dir>/bad-ref.yaml)",
      }
    `)
  })

  it('examples that violate their schemas', async () => {
    const rpc = await openRpcVariant('bad-examples.json', (document) => {
      document['methods'][0].examples[0].params[0].value = '0x01'
      document['methods'][2].examples[0].result.value.l1GasPrice = 1234
      document['methods'][0].examples[0].params.pop()
      document['components'].schemas.address.examples.push('0x1234')
    })
    const api = await openApiVariant('bad-examples.yaml', (document) => {
      const statistics = document['paths']['/v2/treasury/statistics'].get.responses['200'].content['application/json'].example
      statistics.cacheTime = 3600
      document['components'].parameters.addresses.schema.example = 'nope'
    })
    expect(await lint(rpc, api)).toMatchInlineSnapshot(`
      {
        "code": 1,
        "err": "",
        "out": "<dir>/bad-examples.json#/components/schemas/address/examples/1: must match pattern "^0x[0-9a-fA-F]{40}$"
      <dir>/bad-examples.json#/methods/0/examples/0/params: lacks the required param "fullTransactions" (position 2)
      <dir>/bad-examples.json#/methods/0/examples/0/params/0/value: must match pattern "^0x(0|[1-9a-f][0-9a-f]*)$", or must be one of ["earliest","latest","pending"]
      <dir>/bad-examples.json#/methods/2/examples/0/result/value/l1GasPrice: must be string
      <dir>/bad-examples.yaml#/components/parameters/addresses/schema/example: must match pattern "^0x[0-9a-fA-F]{40}(,0x[0-9a-fA-F]{40}){0,19}$"
      <dir>/bad-examples.yaml#/paths/~1v2~1treasury~1statistics/get/responses/200/content/application~1json/example/cacheTime: is not allowed (no additional properties here)
      6 problems (4 in <dir>/bad-examples.json, 2 in <dir>/bad-examples.yaml)",
      }
    `)
  })

  it("the project's extensions and OpenAPI structure", async () => {
    const rpc = await openRpcVariant('bad-extensions.json', (document) => {
      document['methods'][3]['x-blocked'] = { reason: 'no wallets' }
      document['methods'][7]['x-transports'] = ['udp']
      document['methods'][8].name = document['methods'][7].name
    })
    const api = await openApiVariant('bad-structure.yaml', (document) => {
      document['paths']['/portfolio'].get.responses['400'] = { content: {} }
      document['components'].parameters.addresses.in = 'body'
    })
    expect(await lint(rpc, api)).toMatchInlineSnapshot(`
      {
        "code": 1,
        "err": "",
        "out": "<dir>/bad-extensions.json#/methods/3/x-blocked: x-blocked must have a non-empty string "alternative"
      <dir>/bad-extensions.json#/methods/7/x-transports: x-transports must be a non-empty array of "http" and/or "ws"
      <dir>/bad-extensions.json#/methods/8/name: the method name "eth_chainId" is already used by /methods/7
      <dir>/bad-structure.yaml#/components/parameters/addresses/in: must be one of ["path","query","header","cookie"]
      <dir>/bad-structure.yaml#/components/parameters/addresses/required: must be one of [true]
      <dir>/bad-structure.yaml#/paths/~1portfolio/get/responses/400: must have required property 'description'
      6 problems (3 in <dir>/bad-extensions.json, 3 in <dir>/bad-structure.yaml)",
      }
    `)
  })

  it('invalid YAML: exit 2 with the line, no stack trace', async () => {
    const file = join(dir, 'broken.yaml')
    await writeFile(file, 'openapi: 3.0.3\ninfo:\n  title: [unclosed\n  version: 1\n')
    expect(await lint(file)).toMatchInlineSnapshot(`
      {
        "code": 2,
        "err": "l2conf lint: <dir>/broken.yaml: not valid YAML (line 4, column 3): Flow sequence in block collection must be sufficiently indented and end with a ]",
        "out": "",
      }
    `)
  })

  it('an openrpc.json that is not JSON: exit 2', async () => {
    const file = join(dir, 'openrpc.json')
    await writeFile(file, 'openrpc: 1.3.2\n')
    expect(await lint(bundledOpenApi, file)).toMatchInlineSnapshot(`
      {
        "code": 2,
        "err": "l2conf lint: <dir>/openrpc.json: not valid JSON: Unexpected token 'o', "openrpc: 1.3.2
      " is not valid JSON",
        "out": "",
      }
    `)
  })

  it('a file that cannot be read: exit 2', async () => {
    expect(await lint(join(dir, 'absent.yaml'))).toEqual({ code: 2, out: '', err: 'l2conf lint: <dir>/absent.yaml: cannot read the file: no such file' })
  })

  it('usage: unknown flag, bad --format, --help', async () => {
    expect(await lint('--strict')).toEqual({ code: 2, out: '', err: "l2conf lint: Unknown option '--strict'.\nSee 'l2conf lint --help'." })
    expect((await lint('--format', 'xml')).code).toBe(2)
    const help = await lint('--help')
    expect(help.code).toBe(0)
    expect(help.out).toContain('Usage: l2conf lint [openrpc.json] [openapi.yaml]')
  })

  it('--format json for machines', async () => {
    const file = await openRpcVariant('json-format.json', (document) => {
      delete document['info'].title
    })
    const result = await lint('--format', 'json', file, bundledOpenApi)
    expect(result.code).toBe(1)
    const report = JSON.parse(result.out) as { problems: number; files: Array<{ kind: string; problems: unknown[] }> }
    expect(report.problems).toBe(1)
    expect(report.files.map((entry) => [entry.kind, entry.problems])).toEqual([
      ['openrpc', [{ file: '<dir>/json-format.json', pointer: '/info', message: "must have required property 'title'" }]],
      ['openapi', []],
    ])
  })
})
