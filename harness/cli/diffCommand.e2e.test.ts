import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiffReport, MethodDiff } from '../diff/diffReport.js'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import { runCli } from '../../test/support/runCli.js'
import { startAnvil, type AnvilHandle } from '../../test/nodes/startAnvil.js'
import { signLegacyTransaction } from '../transactions/signLegacyTransaction.js'
import { httpServer, refusedUrl, type ThrowawayServer } from '../../test/servers/throwawayServer.js'

/** Development account 0 of the reference and of Anvil (the well-known test mnemonic). */
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const DEV_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

async function diff(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; report: DiffReport | null; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'l2conf-diff-'))
  const run = await runCli(['diff', ...args, '--report-dir', dir])
  let report: DiffReport | null = null
  try {
    report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as DiffReport
  } catch {
    report = null
  }
  return { code: run.code, stdout: run.stdout, stderr: run.stderr, report, dir }
}

function method(report: DiffReport, name: string, transport = 'http'): MethodDiff {
  const found = report.methods.find((m) => m.method === name && m.transport === transport)
  if (found === undefined) throw new Error(`${transport} ${name} was not compared`)
  return found
}

async function rpcCall(url: string, name: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: name, params }),
  })
  return ((await response.json()) as { result?: unknown }).result
}

describe('l2conf diff: usage and unreachable targets', () => {
  it('exits 2 on bad usage, before sending anything', async () => {
    const run = await runCli(['diff', '--rpc', 'http://127.0.0.1:1'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/--rpc exactly twice/)
  })

  it('prints its help with examples', async () => {
    const run = await runCli(['diff', '--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/Examples:\n {2}l2conf diff --rpc/)
  })

  it('exits 3 when a target cannot be reached', async () => {
    const refused = await refusedUrl()
    const run = await runCli(['diff', '--rpc', refused, '--rpc', refused, '--timeout', '1000'])
    expect(run.code).toBe(3)
    expect(run.stderr).toMatch(/target A .* cannot be reached/)
  })

  it('exits 3 when a REST address cannot be reached, before comparing anything', async () => {
    const reference = await startReference()
    try {
      const refused = await refusedUrl()
      const run = await runCli([
        'diff',
        '--rpc',
        reference.rpc,
        '--rpc',
        reference.rpc,
        '--rest',
        reference.rest,
        '--rest',
        `${refused}/api`,
        '--timeout',
        '2000',
      ])
      expect(run.code).toBe(3)
      expect(run.stderr).toMatch(/target B's REST API .* cannot be reached/)
    } finally {
      await reference.stop()
    }
  })
})

describe('l2conf diff: a target that stops answering', () => {
  let reference: ReferenceHandle
  let silent: ThrowawayServer
  beforeAll(async () => {
    reference = await startReference()
    let answered = 0
    // Answers the first two requests (the reachability probe and the head), then never again.
    silent = await httpServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        if (answered++ >= 2) return
        const id = (JSON.parse(body) as { id: unknown }).id
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x5' }))
      })
    })
  })
  afterAll(async () => {
    await silent?.close()
    await reference?.stop()
  })

  it('ends the diff early, reporting what was compared, and exits 1', async () => {
    const run = await diff(['--rpc', reference.rpc, '--rpc', silent.url, '--timeout', '2000', '--seed', '3'])
    expect(run.code).toBe(1)
    expect(run.report?.interrupted).toMatch(/target B stopped answering/)
    // Hundreds of requests are planned; the diff gave up after a handful.
    expect(run.report?.summary.asked ?? Infinity).toBeLessThan(30)
  })
})

describe('l2conf diff: a target that answers garbage', () => {
  let reference: ReferenceHandle
  let garbage: ThrowawayServer
  beforeAll(async () => {
    reference = await startReference()
    // A head for the first questions, then HTML for everything else (a proxy's error page, say).
    garbage = await httpServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        const parsed = JSON.parse(body) as { id: unknown; method: string }
        if (parsed.method === 'eth_blockNumber') {
          response.setHeader('content-type', 'application/json')
          response.end(JSON.stringify({ jsonrpc: '2.0', id: parsed.id, result: '0x2' }))
          return
        }
        response.statusCode = 502
        response.setHeader('content-type', 'text/html')
        response.end('<html><script>alert(1)</script>bad gateway</html>')
      })
    })
  })
  afterAll(async () => {
    await garbage?.close()
    await reference?.stop()
  })

  it('reports every method as differing with no usable answer on that side, and exits 1', async () => {
    const run = await diff(['--rpc', reference.rpc, '--rpc', garbage.url, '--seed', '2', '--runs', '1', '--only', 'eth_get*'])
    expect(run.code).toBe(1)
    const report = run.report as DiffReport
    expect(report.interrupted).toBeUndefined()
    expect(report.methods.length).toBeGreaterThan(5)
    expect(report.methods.every((m) => m.method.startsWith('eth_get'))).toBe(true)
    const first = method(report, 'eth_getBalance').findings[0]
    expect(first?.difference).toMatchObject({ kind: 'no-answer', right: { failure: 'not JSON (HTTP 502)' } })
    expect(readFileSync(join(run.dir, 'report.html'), 'utf8')).not.toContain('<script>alert(1)')
  })
})

describe('l2conf diff: the reference against itself', () => {
  let reference: ReferenceHandle
  beforeAll(async () => {
    reference = await startReference()
  })
  afterAll(async () => reference?.stop())

  it('finds no difference over HTTP, WebSocket and REST, and exits 0', async () => {
    const { rpc, ws, rest } = reference
    const run = await diff(['--rpc', rpc, '--rpc', rpc, '--ws', ws, '--ws', ws, '--rest', rest, '--rest', rest, '--seed', '5', '--runs', '3'])
    expect(run.stderr).not.toMatch(/Error/)
    expect(run.code).toBe(0)
    const report = run.report as DiffReport
    expect(report.summary.differing).toBe(0)
    expect(report.commonHeight).toBeGreaterThanOrEqual(40)
    for (const transport of ['http', 'ws', 'rest']) expect(report.methods.some((m) => m.transport === transport)).toBe(true)
    expect(method(report, 'eth_getBlockByNumber').sources['chain-sample']?.asked).toBeGreaterThan(0)
    expect(readFileSync(join(run.dir, 'junit.xml'), 'utf8')).toMatch(/failures="0"/)
    expect(readFileSync(join(run.dir, 'report.html'), 'utf8')).toMatch(/The targets agree/)
  })
})

describe('l2conf diff: two references on different chain ids', () => {
  let l1: AnvilHandle
  let a: ReferenceHandle
  let b: ReferenceHandle
  beforeAll(async () => {
    // No generated history: its transactions are signed for the chain id (EIP-155), so every block
    // after genesis would differ too. With none, only what the chain id itself decides can differ.
    // One layer 1 that stands still (an idle Anvil) for both: no deposit blocks, whose timestamps
    // would depend on when each node ingested them.
    l1 = await startAnvil()
    const args = ['--history', '0', '--l1-rpc', l1.rpc]
    ;[a, b] = await Promise.all([startReference({ args }), startReference({ args: [...args, '--chain-id', '902'] })])
  })
  afterAll(async () => Promise.all([a?.stop(), b?.stop(), l1?.stop()]))

  it('differ in exactly eth_chainId and net_version, over HTTP and WebSocket', async () => {
    const junitFile = join(await mkdtemp(join(tmpdir(), 'l2conf-diff-junit-')), 'ci', 'diff.xml')
    const run = await diff([
      '--rpc',
      a.rpc,
      '--rpc',
      b.rpc,
      '--ws',
      a.ws,
      '--ws',
      b.ws,
      '--rest',
      a.rest,
      '--rest',
      b.rest,
      '--seed',
      '9',
      '--runs',
      '3',
      '--junit',
      junitFile,
    ])
    expect(run.code).toBe(1)
    const report = run.report as DiffReport
    const differing = report.methods.filter((m) => m.differing > 0).map((m) => `${m.transport} ${m.method}`)
    expect(differing.sort()).toEqual(['http eth_chainId', 'http net_version', 'ws eth_chainId', 'ws net_version'])
    const first = method(report, 'eth_chainId').findings[0]
    expect(first?.difference).toMatchObject({ kind: 'result', pointer: '', left: '0x385', right: '0x386' })
    expect(first?.left.reproduce).toMatch(/^curl .*eth_chainId/)
    expect(first?.right.reproduce).toContain(b.rpc)
    expect(run.stdout).toMatch(/The targets differ/)
    // --junit puts the JUnit XML where CI wants it (its folder created); the other forms stay in --report-dir.
    expect(existsSync(join(run.dir, 'junit.xml'))).toBe(false)
    const junit = readFileSync(junitFile, 'utf8')
    expect(junit).toMatch(/<testcase classname="diff.http" name="eth_chainId">\s*<failure/)
  })
})

describe('l2conf diff: the reference against Anvil, given the same transactions', () => {
  let l1: AnvilHandle
  let anvil: AnvilHandle
  let reference: ReferenceHandle
  let report: DiffReport
  let code: number | null
  let producers: string[]

  beforeAll(async () => {
    // The chains can be made to hold the same transactions at the same heights, never the same
    // blocks: the reference deploys the treasury tokens at genesis and fills its headers as a
    // rollup does (difficulty, extra data), so every block hash differs. Same chain id, no EIP-1559
    // base fee on Anvil, no generated history on the reference, and a layer 1 that stands still (an
    // idle Anvil as --l1-rpc), so the reference ingests no deposit blocks in between.
    ;[l1, anvil] = await Promise.all([startAnvil(), startAnvil(['--chain-id', '901', '--hardfork', 'berlin'])])
    reference = await startReference({ args: ['--history', '0', '--l1-rpc', l1.rpc] })
    for (let nonce = 0n; nonce < 3n; nonce++) {
      const tx = signLegacyTransaction({ chainId: 901n, nonce, gasPrice: 2_000_000_000n, gasLimit: 21_000n, to: DEV_1, value: 1000n + nonce }, DEV_KEY)
      const hashes = await Promise.all([rpcCall(reference.rpc, 'eth_sendRawTransaction', [tx.raw]), rpcCall(anvil.rpc, 'eth_sendRawTransaction', [tx.raw])])
      expect(hashes).toEqual([tx.hash, tx.hash])
    }
    const miners = await Promise.all([reference.rpc, anvil.rpc].map((url) => rpcCall(url, 'eth_getBlockByNumber', ['0x1', false])))
    producers = miners.map((block) => String((block as { miner: string }).miner).toLowerCase())
    const run = await diff(['--rpc', reference.rpc, '--rpc', anvil.rpc, '--seed', '1', '--runs', '3'])
    code = run.code
    report = run.report as DiffReport
    // Three nodes and a whole diff: more than a hook's usual bound on a loaded machine.
  }, 300_000)
  afterAll(async () => Promise.all([reference?.stop(), anvil?.stop(), l1?.stop()]))

  it('exits 1 and compares at the height both hold', () => {
    expect(code).toBe(1)
    expect(report.commonHeight).toBe(3)
  })

  it('finds every rollup method different: Anvil does not have them', () => {
    for (const name of ['rollup_getInfo', 'rollup_gasPrices', 'eth_getBlockRange']) {
      const m = method(report, name)
      expect(m.differing, name).toBe(m.asked)
      expect(
        m.findings.some((f) => f.difference.kind === 'result-vs-error'),
        name,
      ).toBe(true)
    }
  })

  it('finds the blocked methods different: Anvil does not block them', () => {
    // eth_getAccounts: the same code -32601, but only the reference says why (error data {blocked: true, ...}).
    expect(method(report, 'eth_getAccounts').findings[0]?.difference).toMatchObject({ kind: 'error-data', pointer: '/error/data' })
    const sendTx = method(report, 'eth_sendTransaction')
    expect(sendTx.differing).toBe(sendTx.asked)
  })

  it('finds the standard methods in agreement on what both chains hold', () => {
    for (const name of ['eth_chainId', 'net_version', 'eth_blockNumber', 'eth_syncing', 'web3_clientVersion', 'eth_call', 'eth_getLogs']) {
      expect(method(report, name).differing, name).toBe(0)
    }
    for (const name of ['eth_getTransactionCount', 'eth_getCode', 'eth_getBlockTransactionCountByNumber', 'eth_getLogs']) {
      const sampled = method(report, name).sources['chain-sample']
      expect(sampled?.asked, name).toBeGreaterThan(0)
      expect(sampled?.differing, name).toBe(0)
    }
    // Balances agree, except the block producer's: each chain pays its fees to its own producer.
    const balances = method(report, 'eth_getBalance')
    expect(balances.sources['chain-sample']?.asked).toBeGreaterThan(balances.sources['chain-sample']?.differing ?? 0)
    for (const f of balances.findings.filter((x) => x.source === 'chain-sample')) expect(producers).toContain(String((f.params as string[])[0]))
  })

  it('finds the same transactions in blocks that differ', () => {
    // The transaction objects agree up to the block they name: the first difference is blockHash.
    const txs = method(report, 'eth_getTransactionByHash').findings.filter((f) => f.source === 'chain-sample')
    expect(txs.length).toBe(3)
    for (const f of txs) expect(f.difference.pointer).toBe('/blockHash')
  })
})
