import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { catalogue } from '../../test/mutants/catalogue.js'
import { startMutantProxy, type MutantProxy } from '../../test/mutants/mutantProxy.js'
import { currentProxyReport, type ProxyReportSettings } from '../proxy/writeProxyReport.js'
import { startProxy, type RunningProxy } from '../proxy/startProxy.js'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import type { Report } from '../report/result.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import { runCli } from '../../test/support/runCli.js'
import { spawnCollecting } from '../../test/support/spawnCollecting.js'
import { packageRoot, toolInfo } from './packageInfo.js'

const bin = fileURLToPath(new URL('../../bin/l2conf.js', import.meta.url))

/**
 * `l2conf proxy` end to end: the suite itself run through the proxy against the bundled reference
 * (a block a second, so subscriptions notify) leaves no finding in the proxy's report, and what
 * clients get through it is byte for byte what they get directly; through broken variants of the
 * mutant catalogue (one of each of the range, envelope, blocked, REST and subscription families,
 * served by the catalogue's own proxy), the proxy's report names the requirement the run's report names.
 */
const VARIANTS = ['range-descending', 'envelope-id-float32', 'blocked-accounts-empty-list', 'rest-field-renamed', 'subscribe-unsubscribe-ignored'] as const

let reference: ReferenceHandle
let mutants: MutantProxy
let work: string

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'l2conf-proxy-e2e-'))
  reference = await startReference({ args: ['--block-time', '1'] })
  mutants = await startMutantProxy({
    upstreamRpc: reference.rpc,
    upstreamWs: reference.ws,
    upstreamRest: reference.rest,
    mutants: catalogue.filter((m) => (VARIANTS as readonly string[]).includes(m.name)),
  })
}, 90_000)

afterAll(async () => {
  await mutants?.stop()
  await reference?.stop()
})

const post = async (url: string, body: string): Promise<{ status: number; type: string | null; bytes: Buffer }> => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) }
}

const get = async (url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> => {
  const response = await fetch(url)
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) }
}

/** Sends frames one at a time on a fresh connection, each answer's text as received; then waits for one notification of a newHeads subscription. */
async function wsTexts(url: string, frames: readonly string[]): Promise<{ answers: string[]; notification: string }> {
  const socket = new WebSocket(url)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const queue: string[] = []
  let wake: (() => void) | undefined
  socket.on('message', (data) => {
    queue.push(String(data))
    wake?.()
  })
  const next = async (): Promise<string> => {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve))
    return queue.shift()!
  }
  const answers: string[] = []
  for (const frame of frames) {
    socket.send(frame)
    answers.push(await next())
  }
  socket.send('{"jsonrpc":"2.0","id":"sub","method":"eth_subscribe","params":["newHeads"]}')
  const subscribed = JSON.parse(await next()) as { result: string }
  const notification = (await next()).replaceAll(subscribed.result, '<subscription>')
  socket.close()
  return { answers, notification }
}

const failedRequirements = (report: Report): string[] => [...new Set(report.results.filter((r) => r.status === 'failed').map((r) => r.requirement))].sort()

describe('l2conf proxy', () => {
  it('forwards the suite byte for byte and, against the reference, finds nothing; reports on demand, on SIGUSR2 and on SIGTERM', async () => {
    const clean = mutants.url('clean')
    const dir = join(work, 'clean-proxy')
    const proxy = spawnCollecting(process.execPath, [
      bin,
      'proxy',
      '--upstream',
      clean.rpc,
      '--ws-upstream',
      clean.ws,
      '--rest-upstream',
      clean.rest,
      '--port',
      '0',
      '--rest-port',
      '0',
      '--report-dir',
      dir,
      '--summary-every',
      '2',
    ])
    const ready = await proxy.ready
    const [, rpc, ws, rest] = /rpc=(\S+) ws=(\S+) rest=(\S+)/.exec(ready)!
    try {
      // Byte for byte: a batch, a body that is not JSON, REST, WebSocket frames and a subscription's notification.
      const batch =
        '[{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1},{"jsonrpc":"2.0","method":"eth_getBlockRange","params":["0x0","0x2",true],"id":"b"}]'
      for (const body of [batch, '{"jsonrpc":"2.0","method":"eth_chainId"', '[]']) expect(await post(rpc!, body)).toEqual(await post(clean.rpc, body))
      for (const path of ['/portfolio', '/v2/treasury/tokens', '/no-such-path']) expect(await get(`${rest}${path}`)).toEqual(await get(`${clean.rest}${path}`))
      const frames = [batch, '{"jsonrpc":"2.0","method":"eth_getBlockByNumber","params":["0x1",false],"id":7}', 'not json']
      const [direct, through] = await Promise.all([wsTexts(clean.ws, frames), wsTexts(ws!, frames)])
      expect(through.answers).toEqual(direct.answers)
      expect(JSON.parse(through.notification)).toMatchObject({ method: 'eth_subscription', params: { subscription: '<subscription>' } })

      const run = await runCli(['run', '--rpc', rpc!, '--ws', ws!, '--rest', rest!, '--no-discover', '--report-dir', join(work, 'clean-run')], {
        timeoutMs: 120_000,
      })
      expect(run.code, `${run.stdout.slice(-3000)}\n${run.stderr.slice(-2000)}`).toBe(0)

      const demanded = (await (await fetch(`${rpc}/.l2conf/report`)).json()) as { verdict: string; reportDir: string }
      expect(demanded).toMatchObject({ verdict: 'pass', reportDir: dir })
      const written = (await stat(join(dir, 'report.json'))).mtimeMs
      proxy.child.kill('SIGUSR2')
      await expect.poll(async () => (await stat(join(dir, 'report.json'))).mtimeMs, { timeout: 10_000 }).toBeGreaterThan(written)
      expect(JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'))).toMatchObject({ options: { reportReason: 'SIGUSR2' } })
    } finally {
      proxy.child.kill('SIGTERM')
    }
    const { code, stderr } = await proxy.exit
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report
    expect(reportSchemaErrors(report)).toEqual([])
    expect(report.results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.message}`)).toEqual([])
    expect(report).toMatchObject({ verdict: 'pass', exitCode: 0, options: { reportReason: 'SIGTERM' } })
    expect(code).toBe(0)
    // Every requirement the proxy can judge live was met by the suite's traffic.
    expect(report.results.map((r) => r.requirement)).toEqual(
      expect.arrayContaining([
        'RPC-ENVELOPE',
        'RPC-HTTP',
        'RPC-WS',
        'RPC-SUBSCRIBE',
        'RPC-STANDARD',
        'RANGE-ORDER',
        'RANGE-FULLTX',
        'BLOCKED-ACCOUNTS',
        'REST-SHAPE',
      ]),
    )
    expect(report.proxy!.exchanges.notifications).toBeGreaterThan(0)
    expect(report.coverage?.methods.find((m) => m.name === 'eth_getBlockRange')?.calls).toBeGreaterThan(0)
    await Promise.all(['junit.xml', 'report.html'].map((file) => stat(join(dir, file))))
    expect(stderr).toMatch(/^l2conf proxy \d\d:\d\d:\d\dZ: \d+ exchange\(s\) this period \(\d+ in all\); /m)
  }, 150_000)

  it('through broken variants of the catalogue, names the requirement the run names', async () => {
    const specs = {
      openrpc: await loadOpenRpc(join(packageRoot, 'openrpc.json')),
      openapi: await loadOpenApi(join(packageRoot, 'openapi.yaml')),
    }
    const proxies: Array<{ name: string; proxy: RunningProxy; settings: ProxyReportSettings }> = []
    try {
      for (const name of VARIANTS) {
        const urls = mutants.url(name)
        const proxy = await startProxy({ upstream: urls.rpc, wsUpstream: urls.ws, restUpstream: urls.rest, port: 0, specs })
        const settings: ProxyReportSettings = {
          upstream: urls.rpc,
          wsUpstream: urls.ws,
          restUpstream: urls.rest,
          specs,
          tool: toolInfo(),
          strict: false,
          secrets: [],
          redact: [],
          options: {},
        }
        proxies.push({ name, proxy, settings })
      }
      const targets = join(work, 'variants.json')
      await writeFile(targets, JSON.stringify({ targets: proxies.map(({ name, proxy }) => ({ name, rpc: proxy.rpc, ws: proxy.ws, rest: proxy.rest })) }))
      const runs = join(work, 'variant-runs')
      // Each variant's family, for every variant: a run fails the one requirement its variant breaks.
      // (RPC-SUBSCRIBE by its newHeads check alone: the logs check waits for logs a read-only run never makes.)
      const only = ['RANGE-ORDER', 'RPC-ENVELOPE', 'BLOCKED-ACCOUNTS', 'REST-SHAPE', 'subscribe.newHeads', 'subscribe.unsolicited-notifications'].flatMap(
        (id) => ['--only', id],
      )
      await runCli(['run', '--targets', targets, ...only, '--no-discover', '--report-dir', runs], { timeoutMs: 120_000 })
      for (const { name, proxy, settings } of proxies) {
        const run = JSON.parse(await readFile(join(runs, name, 'report.json'), 'utf8')) as Report
        const requirement = catalogue.find((m) => m.name === name)!.requirement
        await new Promise((resolve) => setImmediate(resolve))
        const seen = currentProxyReport(proxy, settings, 'test')
        expect({ name, run: failedRequirements(run) }).toEqual({ name, run: [requirement] })
        expect({ name, proxy: failedRequirements(seen) }).toEqual({ name, proxy: failedRequirements(run) })
        expect(seen.exitCode).toBe(1)
      }
    } finally {
      await Promise.all(proxies.map(({ proxy }) => proxy.stop()))
    }
  }, 150_000)

  it('upstream down: the client gets a 502, the report says so, and a proxy that judged nothing certifies nothing (exit 1)', async () => {
    const dir = join(work, 'down')
    const proxy = spawnCollecting(process.execPath, [bin, 'proxy', '--upstream', 'http://127.0.0.1:9', '--port', '0', '--report-dir', dir, '--duration', '3'])
    const rpc = /rpc=(\S+)/.exec(await proxy.ready)![1]!
    const answer = await post(rpc, '{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1}')
    expect(answer.status).toBe(502)
    const { code } = await proxy.exit
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report
    expect(report).toMatchObject({ verdict: 'nothing-certified', exitCode: 1, options: { reportReason: '--duration 3' } })
    expect(report.warnings?.join('\n')).toContain('the upstream did not answer 1 request(s)')
    expect(code).toBe(1)
  }, 60_000)
})
