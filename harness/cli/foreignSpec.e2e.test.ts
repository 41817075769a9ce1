import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mutatesState, refusedBySpec } from '../scenarios/methodKinds.js'
import { UNHOLDABLE_ADDRESS } from '../requirements/EXPOSURE.probes.js'
import type { Report } from '../report/result.js'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'
import { runCli } from '../../test/support/runCli.js'
import { startAnvil, type AnvilHandle } from '../../test/nodes/startAnvil.js'
import { TEST_MNEMONIC_ACCOUNTS } from '../transactions/developmentAccounts.js'

const root = new URL('../../', import.meta.url).pathname
/** The Ethereum execution-apis OpenRPC document (CC0): no x-mutates-state, no rollup methods, mainnet examples. */
const EXECUTION_APIS = join(root, 'harness/lint/fixtures/execution-apis/openrpc.json')

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result?: unknown }).result
}

/**
 * The senders of the document's eth_sendTransaction and eth_sendRawTransaction examples (the raw one
 * signed with nonce 1, before EIP-155), funded on Anvil before the run so that either example, sent
 * as it is, would be mined: the node then blocks nothing a read-only run could send by mistake.
 */
const EXAMPLE_SENDERS = { sendTransaction: '0xb60e8dd61c5d32be8058bb8eb970870f07233155', sendRawTransaction: '0x627306090abab3a6e1400e9345bc60c78a8bef57' }

/** What a sent transaction changes on an auto-mining node: the head (each one mines a block) and the senders' nonces. */
async function chainState(url: string): Promise<{ head: unknown; nonces: unknown[] }> {
  const accounts = [...TEST_MNEMONIC_ACCOUNTS, ...Object.values(EXAMPLE_SENDERS)]
  return { head: await rpc(url, 'eth_blockNumber'), nonces: await Promise.all(accounts.map((a) => rpc(url, 'eth_getTransactionCount', [a, 'latest']))) }
}

/** Every JSON-RPC request of a recorded run, with the check that sent it (the `>>` lines of its .io files; a batch gives each item). */
function recordedRequests(transcript: string): Array<{ check: string; method: string; params: unknown[] }> {
  const dir = join(transcript, 'rpc')
  return readdirSync(dir).flatMap((file) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('>> '))
      .flatMap((line) => {
        let sent: unknown
        try {
          sent = JSON.parse(line.slice(3))
        } catch {
          return []
        }
        return (Array.isArray(sent) ? sent : [sent]).flatMap((item: { method?: unknown; params?: unknown }) =>
          typeof item?.method === 'string'
            ? [{ check: file.replace(/\.io$/, ''), method: item.method, params: Array.isArray(item.params) ? item.params : [] }]
            : [],
        )
      }),
  )
}

/**
 * A spec written elsewhere drives a read-only run safely and fairly. Anvil mines a block for every
 * transaction it is sent (auto-mining, no --block-time), here signs for any sender
 * (--auto-impersonate) at no base fee, with the senders of the document's examples funded: a
 * read-only run that sent one valid eth_sendTransaction or eth_sendRawTransaction moves its head and a
 * sender's nonce (before read-only meant read-only for specs that mark nothing, the run mined 13
 * blocks of the eth_sendTransaction example). And what the document does not describe (rollup
 * methods, examples, the chain its examples were written against) is no failure of the node.
 */
describe('l2conf run --profile read-only with the execution-apis OpenRPC document, against Anvil', () => {
  let anvil: AnvilHandle
  let spec: OpenRpcSpec
  let report: Report
  let code: number | null
  let before: Awaited<ReturnType<typeof chainState>>
  let after: Awaited<ReturnType<typeof chainState>>
  let transcript: string

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-foreign-spec-'))
    transcript = join(dir, 'transcript')
    ;[anvil, spec] = await Promise.all([startAnvil(['--auto-impersonate', '--block-base-fee-per-gas', '0']), loadOpenRpc(EXECUTION_APIS)])
    for (const sender of Object.values(EXAMPLE_SENDERS)) await rpc(anvil.rpc, 'anvil_setBalance', [sender, '0x56bc75e2d63100000'])
    await rpc(anvil.rpc, 'anvil_setNonce', [EXAMPLE_SENDERS.sendRawTransaction, '0x1'])
    before = await chainState(anvil.rpc)
    // Anvil 1.7 panics, and exits, on an eth_feeHistory whose block count is past 2^64 (a uint the
    // spec allows, which it should refuse): that check is left out so the rest of the run has a node.
    const run = await runCli(
      [
        'run',
        '--rpc',
        anvil.rpc,
        '--ws',
        anvil.ws,
        '--profile',
        'read-only',
        '--openrpc',
        EXECUTION_APIS,
        '--seed',
        '11',
        '--runs',
        '5',
        '--skip',
        'standard.eth_feeHistory.generated',
        '--record',
        transcript,
        '--report-dir',
        join(dir, 'report'),
      ],
      { timeoutMs: 120_000 },
    )
    code = run.code
    report = JSON.parse(readFileSync(join(dir, 'report', 'report.json'), 'utf8')) as Report
    after = await chainState(anvil.rpc)
  }, 150_000)
  afterAll(async () => {
    await anvil?.stop()
  })

  it("changes nothing: Anvil's block number and every development account's nonce are what they were", () => {
    expect(report.interrupted ?? null).toBeNull()
    expect(code).toBe(1)
    expect(before.head).toBe('0x0')
    expect(after).toEqual(before)
  })

  it('sends a method that may change state only params the spec refuses', () => {
    const requests = recordedRequests(transcript)
    expect(requests.length).toBeGreaterThan(500)
    const changing = requests.filter((r) => spec.method(r.method) !== undefined && mutatesState(spec, spec.method(r.method)!))
    expect(new Set(changing.map((r) => r.method))).toContain('engine_forkchoiceUpdatedV3')
    // Two exceptions, by design: SENDRAW's garbage (bytes no node can execute, signed, if at all, by a
    // key nobody funds), and EXPOSURE's wallet probes, which ask to sign for an address no node holds
    // a key for, and never with params taken from the spec.
    const probe = (r: (typeof changing)[number]): boolean => r.check.startsWith('exposure.') && JSON.stringify(r.params).includes(UNHOLDABLE_ADDRESS)
    const valid = changing.filter((r) => r.check !== 'sendraw.garbage' && !probe(r) && !refusedBySpec(spec.method(r.method)!, r.params))
    expect(valid.map((r) => `${r.check}: ${r.method} ${JSON.stringify(r.params).slice(0, 120)}`)).toEqual([])
  })

  it('charges the node with nothing the document lacks: methods, examples, or the chain its examples name', () => {
    const results = new Map(report.results.map((r) => [r.id, r]))
    // SPEC-VALID's findings are the document's own (execution-apis' examples miss fields its schemas require).
    const charged = report.results.filter((r) => (r.status === 'failed' || r.status === 'warning') && r.requirement !== 'SPEC-VALID')
    const ownMaking = /could not complete|no schema|does not describe|has no example|missing value for required argument/i
    expect(charged.filter((r) => ownMaking.test(r.message ?? '')).map((r) => `${r.id}: ${r.message}`)).toEqual([])
    expect(report.results.filter((r) => /^(RANGE|INFO|GAS)-/.test(r.requirement)).map((r) => r.id)).toEqual([])
    expect(results.get('spec.openrpc')?.message).toMatch(
      /checks are not declared, for what the spec does not describe: .*\(the openrpc\.json given has no eth_getBlockRange\)/,
    )
    expect(results.get('standard.eth_getLogs.examples')).toMatchObject({ status: 'inconclusive', message: expect.stringMatching(/past the target's head/) })
    expect(results.get('standard.eth_call.examples')).toMatchObject({ status: 'inconclusive', message: expect.stringMatching(/the default caller/) })
    expect(results.get('standard.eth_getFilterLogs.examples')).toMatchObject({ status: 'inconclusive', message: expect.stringMatching(/never created/) })
    expect(results.get('standard.eth_getBlockTransactionCountByHash.live')?.status).not.toBe('failed')
  })
})
