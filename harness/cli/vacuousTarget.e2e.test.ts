import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../test/support/runCli.js'
import { bodyOf, httpServer, wsServer, type ThrowawayServer } from '../../test/servers/throwawayServer.js'

// A target that answers every JSON-RPC call with a well-formed `"result": null` and every REST
// request with a JSON 200 of `null`: the envelope is right, and nothing else is. A check that passes
// against it has judged nothing but what null cannot get wrong; each such check is named below with
// why. A new check that passes here unexplained is a check that may go green on nothing.

/** The checks a null-answering target may pass, and why null cannot fail them. */
const MAY_PASS: ReadonlyArray<[RegExp, string]> = [
  [/^spec\.(openrpc|openapi)$/, 'SPEC-VALID judges the specs, not the target'],
  [/^envelope\./, 'RPC-ENVELOPE: the envelope is right (id, jsonrpc, a result)'],
  [/^http\.(post|batch)$/, 'RPC-HTTP: a POST and a batch are answered 200 with one JSON-RPC response per request'],
  [/^ws\.[\w-]+$/, 'RPC-WS: the WebSocket answers as HTTP does (null both ways), and sends nothing unasked'],
  [/^subscribe\.unsolicited-notifications$/, 'RPC-SUBSCRIBE: no notification arrives unasked'],
  [
    /^standard\.eth_(getBlockByHash|getBlockByNumber|getBlockTransactionCountByNumber|getTransactionByHash|getTransactionReceipt)\.(examples|generated)$/,
    'RPC-STANDARD: null ("no such block or transaction") is a valid answer to params that may name nothing; the .live checks ask for the chain\'s own and fail',
  ],
  [/^limits\.(batch|rate|request-bytes|ws-message-bytes)$/, 'LIMITS (INFO): a measurement; nothing was refused'],
  [/^exposure\.headers$/, 'EXPOSURE (INFO): CORS and the answer to a foreign Origin are reported as facts, never failed'],
]

/** The answer of the null target to a JSON-RPC body: one null result per request, ids echoed. */
function nullAnswer(text: string): string {
  let request: unknown
  try {
    request = JSON.parse(text)
  } catch {
    return JSON.stringify({ jsonrpc: '2.0', id: null, result: null })
  }
  const one = (item: unknown): unknown => ({ jsonrpc: '2.0', id: (item as { id?: unknown } | null)?.id ?? null, result: null })
  return JSON.stringify(Array.isArray(request) ? request.map(one) : one(request))
}

const servers: ThrowawayServer[] = []
let report: { verdict: string; exitCode: number; results: Array<{ id: string; status: string; message: string }> }
let code: number | null

beforeAll(async () => {
  const rpc = await httpServer((request, response) => {
    void bodyOf(request).then((body) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(nullAnswer(body))
    })
  })
  const ws = await wsServer((socket) => socket.on('message', (data: Buffer) => socket.send(nullAnswer(data.toString('utf8')))))
  const rest = await httpServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('null')
    })
  })
  servers.push(rpc, ws, rest)
  const dir = await mkdtemp(join(tmpdir(), 'l2conf-null-target-'))
  const run = await runCli(['run', '--rpc', rpc.url, '--ws', ws.url, '--rest', `${rest.url}/api`, '--report-dir', dir], { timeoutMs: 240_000 })
  code = run.code
  report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as typeof report
}, 300_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
})

describe('a target that answers null to everything', () => {
  it('fails the run', () => {
    expect(code).toBe(1)
    expect(report.verdict).toBe('fail')
  })

  it('passes only the checks null cannot fail, each for a stated reason', () => {
    const unexplained = report.results
      .filter((result) => result.status === 'passed' && !MAY_PASS.some(([pattern]) => pattern.test(result.id)))
      .map((result) => result.id)
    expect(unexplained, 'checks that passed against a target answering null to everything').toEqual([])
  })

  it('leaves no check green whose question null does not answer: errors named by the spec, the head block, the REST sums', () => {
    const status = (id: string): string | undefined => report.results.find((result) => result.id === id)?.status
    expect(status('errors.spec.eth_getAccounts')).toBe('inconclusive')
    expect(status('errors.spec.eth_sendTransaction')).toBe('inconclusive')
    expect(status('standard.pending-block')).toBe('failed')
    for (const result of report.results.filter((each) => /^rest\..*\.consistent$/.test(each.id))) expect(result.status, result.id).toBe('inconclusive')
  })
})
