import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../report/result.js'
import { runCli } from '../../test/support/runCli.js'
import { bodyOf, httpServer, type ThrowawayServer } from '../../test/servers/throwawayServer.js'

type Json = Record<string, unknown>

/** The result of each method's first example in openrpc.json: the canned node's fixed answers. */
const document = JSON.parse(readFileSync(fileURLToPath(new URL('../../openrpc.json', import.meta.url)), 'utf8')) as {
  methods: Array<{ name: string; examples?: Array<{ result?: { value?: unknown } }>; 'x-blocked'?: unknown }>
}
const canned = new Map(document.methods.flatMap((m) => (m.examples?.[0]?.result !== undefined ? [[m.name, m.examples[0].result.value] as const] : [])))
const blocked = new Set(document.methods.filter((m) => m['x-blocked'] !== undefined).map((m) => m.name))

const HEAD = 16
const quantity = (n: number): string => `0x${n.toString(16)}`
/** A fabricated hash: sha256 of a label, shaped like a block hash but not keccak of any header. */
const labelHash = (n: number): string => `0x${createHash('sha256').update(`block ${n}`).digest('hex')}`

/** Block n of the canned chain: the spec's example block with its number, hash and parent link filled in. */
function block(n: number): Json {
  const template = canned.get('eth_getBlockByNumber') as Json
  return {
    ...template,
    number: quantity(n),
    hash: labelHash(n),
    parentHash: n === 0 ? `0x${'00'.repeat(32)}` : labelHash(n - 1),
    timestamp: quantity(1_700_000_000 + n),
    transactions: [],
  }
}

function numberOf(tag: unknown): number | null {
  if (tag === 'latest' || tag === 'pending' || tag === 'safe' || tag === 'finalized') return HEAD
  if (tag === 'earliest') return 0
  if (typeof tag !== 'string' || !/^0x(0|[1-9a-f][0-9a-f]*)$/.test(tag)) return null
  const n = Number.parseInt(tag.slice(2), 16)
  return n <= HEAD ? n : -1
}

/** A canned answer to one request: consistent blocks with fabricated hashes, example results for the rest. */
function answer(request: unknown): Json {
  const { id = null, method, params = [] } = (request ?? {}) as { id?: unknown; method?: unknown; params?: unknown[] }
  const result = (value: unknown): Json => ({ jsonrpc: '2.0', id, result: value })
  const error = (code: number, message: string): Json => ({ jsonrpc: '2.0', id, error: { code, message } })
  if (typeof method !== 'string') return error(-32600, 'invalid request')
  if (blocked.has(method)) return error(-32601, `${method} is blocked`)
  const invalid = error(-32602, 'invalid params')
  switch (method) {
    case 'eth_blockNumber':
      return result(quantity(HEAD))
    case 'eth_getBlockByNumber': {
      const n = numberOf(params[0])
      return n === null ? invalid : result(n < 0 ? null : block(n))
    }
    case 'eth_getBlockByHash': {
      const n = Array.from({ length: HEAD + 1 }, (_, i) => i).find((i) => labelHash(i) === params[0])
      return typeof params[0] !== 'string' ? invalid : result(n === undefined ? null : block(n))
    }
    case 'eth_getBlockRange': {
      const [start, end] = [numberOf(params[0]), numberOf(params[1])]
      if (start === null || end === null || start < 0 || end < 0 || start > end || typeof params[2] !== 'boolean') return invalid
      return result(Array.from({ length: end - start + 1 }, (_, i) => block(start + i)))
    }
    default:
      return canned.has(method) ? result(canned.get(method)) : error(-32601, `the method ${method} does not exist`)
  }
}

/**
 * A canned stub (issue: "a canned stub is not certified"): a node answering every method with
 * fixed, spec-shaped results, its blocks linked and numbered, but its block hashes sha256 of a
 * label, not keccak of the header. The default read-only run must fail it under CHAIN-INTEGRITY.
 */
describe('l2conf run against a canned stub', () => {
  let stub: ThrowawayServer
  let report: Report
  let code: number | null

  beforeAll(async () => {
    stub = await httpServer((request, response) => {
      void bodyOf(request).then((body) => {
        let parsed: unknown
        try {
          parsed = JSON.parse(body)
        } catch {
          parsed = undefined
        }
        const reply =
          parsed === undefined
            ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }
            : Array.isArray(parsed)
              ? parsed.map(answer)
              : answer(parsed)
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
      })
    })
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-canned-'))
    const run = await runCli(['run', '--rpc', stub.url, '--seed', '13', '--report-dir', dir], { timeoutMs: 240_000 })
    code = run.code
    report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
  }, 300_000)
  afterAll(async () => stub?.close())

  it('exits 1', () => {
    expect(code).toBe(1)
  })

  it('fails CHAIN-INTEGRITY, naming the hash that is not keccak of the header', () => {
    const chain = report.results.find((r) => r.id === 'integrity.chain')
    expect(chain?.status).toBe('failed')
    expect(chain?.level).toBe('MUST')
    expect(chain?.message).toMatch(/hash is 0x[0-9a-f]{64}, but keccak of its RLP header \(pre-london layout\) is 0x[0-9a-f]{64}/)
  })
})
