import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MutantHooks, RpcCall } from '../../test/mutants/mutant.js'
import { startMutantProxy, type MutantProxy } from '../../test/mutants/mutantProxy.js'
import { hasResult } from '../../test/mutants/rpcMessage.js'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import type { Report } from '../report/result.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import { runCli } from '../../test/support/runCli.js'

// Findings grouped by root cause: one wrong answer that many checks rest on is said once. As seen on
// a real node, every block over HTTP answered `{}` (the reference behind a rewriting proxy): the
// chain sample that every `.live` check starts from is that answer, and each of them failed on it.

const BLOCK_METHODS = new Set(['eth_getBlockByNumber', 'eth_getBlockByHash'])

/**
 * Over HTTP, every block answered as `{}` (a missing block stays null), the blocks of a range too:
 * the chain's history is searched through eth_getBlockRange where a node has it.
 */
const emptyBlock = (call: RpcCall, response: unknown): unknown => {
  if (call.transport !== 'http' || !hasResult(response) || response.result === null) return response
  if (BLOCK_METHODS.has(call.method ?? '')) return { ...response, result: {} }
  if (call.method === 'eth_getBlockRange' && Array.isArray(response.result)) return { ...response, result: response.result.map(() => ({})) }
  return response
}

/** And, a fault of its own, eth_gasPrice over HTTP answered as `{}`. */
const emptyGasPrice = (call: RpcCall, response: unknown): unknown =>
  call.transport === 'http' && call.method === 'eth_gasPrice' && hasResult(response) ? { ...response, result: {} } : response

const SAMPLE_CAUSE = 'eth_getBlockByNumber answers no block near the head, so nothing of the chain can be sampled'
const ONLY = ['--only', 'standard.*', '--only', 'GAS-*']
/** The checks that start from the chain's sample: the .live checks, transaction placement and the state agreement. */
const CHAIN_SAMPLED = /^standard\.(eth_\w+\.live|transaction-placement|state-agreement)$/

let reference: ReferenceHandle
let proxy: MutantProxy

/** Certifies one variant of the proxy (read-only, the checks of ONLY): its report and what the terminal said. */
async function certify(name: string): Promise<{ report: Report; stdout: string; dir: string }> {
  const urls = proxy.url(name)
  const dir = await mkdtemp(join(tmpdir(), `l2conf-root-cause-${name}-`))
  const run = await runCli(['run', '--rpc', urls.rpc, '--ws', urls.ws, '--rest', urls.rest, ...ONLY, '--report-dir', dir], {
    timeoutMs: 120_000,
    env: { NO_COLOR: '1' },
  })
  expect(run.code, run.stderr).toBe(1)
  return { report: JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report, stdout: run.stdout, dir }
}

beforeAll(async () => {
  reference = await startReference()
  proxy = await startMutantProxy({
    upstreamRpc: reference.rpc,
    upstreamWs: reference.ws,
    upstreamRest: reference.rest,
    mutants: [
      { name: 'empty-blocks', requirement: 'RPC-STANDARD', description: 'every block over HTTP is {}', create: (): MutantHooks => ({ response: emptyBlock }) },
      {
        name: 'empty-blocks-and-gas-price',
        requirement: 'RPC-STANDARD',
        description: 'every block over HTTP is {}, and so is eth_gasPrice',
        create: (): MutantHooks => ({ response: (call, response) => emptyGasPrice(call, emptyBlock(call, response)) }),
      },
    ],
  })
}, 120_000)

afterAll(async () => {
  await proxy?.stop()
  await reference?.stop()
})

describe('findings grouped by root cause', () => {
  it('a node answering {} for every block over HTTP: the cause is said once, the checks resting on it point to the first', async () => {
    const { report, stdout, dir } = await certify('empty-blocks')
    expect(reportSchemaErrors(report)).toEqual([])
    const live = report.results.filter((result) => /^standard\.eth_\w+\.live$/.test(result.id) && result.status === 'failed')
    expect(live.length).toBeGreaterThanOrEqual(10)
    const owner = live[0]!
    expect(owner.message).toBe(SAMPLE_CAUSE)
    expect(owner.sameCauseAs).toBeUndefined()
    // Every other .live check rests on that sample, and so do the checks that sample the chain the same way (placement, agreement).
    const pointing = report.results.filter((result) => result.sameCauseAs === owner.id)
    for (const result of live.slice(1)) expect([result.id, result.status, result.sameCauseAs]).toEqual([result.id, 'failed', owner.id])
    for (const result of pointing) expect([result.id, result.status]).toEqual([result.id, 'failed'])
    expect(pointing.every((result) => CHAIN_SAMPLED.test(result.id))).toBe(true)
    // The cause once on the terminal, and the others under it.
    expect(stdout.split(SAMPLE_CAUSE).length - 1).toBe(1)
    expect(stdout).toContain(`the same answer fails ${pointing.length} more checks: ${pointing[0]!.id}`)
    // Failures on other blocks (the example's block 1, "pending", a generated tag) are other answers: never merged.
    for (const id of ['standard.eth_getBlockByNumber.examples', 'standard.pending-block']) {
      const result = report.results.find((r) => r.id === id)
      expect([id, result?.status, result?.sameCauseAs]).toEqual([id, 'failed', undefined])
    }
    // junit.xml keeps one failed testcase per check, the pointer in its message.
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8')
    expect(junit).toContain(`message="the same answer as ${owner.id}: ${SAMPLE_CAUSE}"`)
  }, 150_000)

  it('a node with two independent faults shows two groups', async () => {
    const { report, stdout } = await certify('empty-blocks-and-gas-price')
    const groups = new Map<string, string[]>()
    for (const result of report.results)
      if (result.sameCauseAs !== undefined) groups.set(result.sameCauseAs, [...(groups.get(result.sameCauseAs) ?? []), result.id])
    // The blocks' `{}`: the chain sample's group, all `.live` checks, as on its own.
    const sample = report.results.find((result) => result.message === SAMPLE_CAUSE && result.sameCauseAs === undefined)!
    expect(groups.get(sample.id)!.every((id) => CHAIN_SAMPLED.test(id))).toBe(true)
    // eth_gasPrice's `{}`: asked alike by its example and its generated params (none), a group of its own.
    expect(groups.get('standard.eth_gasPrice.examples')).toEqual(['standard.eth_gasPrice.generated'])
    expect(stdout.split(SAMPLE_CAUSE).length - 1).toBe(1)
    expect(stdout).toContain('the same answer fails 1 more check: standard.eth_gasPrice.generated')
  }, 150_000)
})
