import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { exchangeOf } from './fixtures/recorded.js'
import {
  accountsIn,
  checkNoNamespace,
  checkNoWallet,
  checks,
  controlNote,
  EXPOSURE_PROBES,
  notFoundCodes,
  oneLineCommand,
  probedList,
  readProbe,
  row,
  UNHOLDABLE_ADDRESS,
  WALLET_PROBES,
} from './EXPOSURE.js'
import type { ExposureProbe } from './EXPOSURE.probes.js'

const probeOf = (method: string): ExposureProbe => EXPOSURE_PROBES.find((probe) => probe.method === method)!
const request = (probe: ExposureProbe, id = 2): Record<string, unknown> => ({ jsonrpc: '2.0', method: probe.method, params: probe.params, id })
/** The reference's refusal of a method it does not serve (its jsonRpcDispatcher's words). */
const refusal = (method: string, id = 2): Record<string, unknown> => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32601, message: `the method ${method} does not exist/is not available` },
})
const answer = (id: number, result: unknown): Record<string, unknown> => ({ jsonrpc: '2.0', id, result })
const error = (code: number, message: string): Record<string, unknown> => ({ jsonrpc: '2.0', id: 2, error: { code, message } })

/** One probe sent alone and answered `response`, read with the usual codes. */
function readAlone(method: string, response: unknown, notFound = notFoundCodes(refusal('l2conf_noSuchMethod'))) {
  const probe = probeOf(method)
  const exchange = exchangeOf(request(probe), response)
  return readProbe(probe, exchange, response, notFound)
}

const curl = (exchange: Exchange): string => `curl -sS --data-raw '${JSON.stringify(exchange.request)}' '${exchange.url}'`
/** Anvil's first three development accounts, as its eth_accounts lists them. */
const DEV = ['0xf39Fd6e51aad88F6F4ce6aB8827279cfffb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC']

describe('EXPOSURE: the row and its checks', () => {
  it('is MUST, SHOULD and INFO, each check stating one of them, over HTTP, WebSocket and batches', () => {
    expect(row).toMatchObject({ id: 'EXPOSURE', level: 'MUST', levels: ['MUST', 'SHOULD', 'INFO'] })
    expect(checks().map((check) => `${check.id} ${check.level}`)).toEqual([
      'exposure.wallet.http MUST',
      'exposure.wallet.ws MUST',
      'exposure.wallet.batch MUST',
      'exposure.namespaces.http SHOULD',
      'exposure.namespaces.ws SHOULD',
      'exposure.namespaces.batch SHOULD',
      'exposure.headers INFO',
    ])
    // The probes are code, not the spec: no check names a method the spec must describe, so any spec gets the same probes.
    expect(checks().every((check) => check.calls === undefined)).toBe(true)
  })

  it('never asks anything that unlocks, sends, starts, stops, adds, writes or traces a block; signs only for an address no node holds', () => {
    const methods = EXPOSURE_PROBES.map((probe) => probe.method)
    expect(methods.filter((m) => /unlock|send|start|stop|add|remove|import|new|set|export|write|traceBlock|traceCall|content/i.test(m))).toEqual([])
    for (const probe of EXPOSURE_PROBES.filter((p) => p.reveals === 'signs')) expect(JSON.stringify(probe.params)).toContain(UNHOLDABLE_ADDRESS)
    expect(WALLET_PROBES.map((probe) => probe.method)).toEqual([
      'eth_accounts',
      'personal_listAccounts',
      'personal_listWallets',
      'eth_sign',
      'eth_signTransaction',
    ])
  })
})

describe('readProbe: what one answer shows', () => {
  it("the reference's -32601 for every probe, and eth_accounts' []: nothing exposed", () => {
    for (const probe of EXPOSURE_PROBES.filter((p) => p.method !== 'eth_accounts')) expect(readAlone(probe.method, refusal(probe.method)).kind).toBe('refused')
    expect(readAlone('eth_accounts', answer(2, []))).toMatchObject({ kind: 'empty', brief: 'no account listed' })
  })

  it('an account listed (eth_accounts, personal_listAccounts, a wallet holding one) is `listed`, with the accounts', () => {
    expect(readAlone('eth_accounts', answer(2, DEV))).toMatchObject({ kind: 'listed', accounts: DEV.map((a) => a.toLowerCase()) })
    expect(readAlone('personal_listAccounts', answer(2, [DEV[0]])).said).toBe(`a result listing 1 account: ${DEV[0]!.toLowerCase()}`)
    const wallets = [{ url: 'keystore:///data/keystore/UTC--a', status: 'Locked', accounts: [{ address: DEV[1], url: 'keystore:///data/keystore/UTC--a' }] }]
    expect(readAlone('personal_listWallets', answer(2, wallets))).toMatchObject({ kind: 'listed', accounts: [DEV[1]!.toLowerCase()] })
    // A personal namespace that holds nothing still answers: reachable, not listed.
    expect(readAlone('personal_listAccounts', answer(2, [])).kind).toBe('reachable')
  })

  it('a signature for the unholdable address is `signed`; "unknown account" is `reachable` (the wallet surface, holding nothing)', () => {
    expect(readAlone('eth_sign', answer(2, `0x${'5a'.repeat(64)}1b`)).kind).toBe('signed')
    // Hardhat's words, recorded.
    expect(readAlone('eth_sign', error(-32000, 'Unknown account 0x000000000000000000000000000000000000dEaD'))).toMatchObject({
      kind: 'reachable',
      brief: 'error -32000',
    })
  })

  it("a namespace that answers, with a result or its own error, is `reachable` (Anvil's txpool_status, Hardhat's debug_traceTransaction)", () => {
    expect(readAlone('txpool_status', answer(2, { pending: '0x0', queued: '0x0' })).kind).toBe('reachable')
    expect(readAlone('debug_traceTransaction', error(-32000, 'Unable to find a block containing transaction 0x00')).kind).toBe('reachable')
  })

  it('the codes that say "no such method", and the control\'s own code, are refusals', () => {
    expect(readAlone('admin_nodeInfo', error(-32004, 'Method admin_nodeInfo is not supported')).kind).toBe('refused')
    expect(readAlone('admin_nodeInfo', error(-32001, 'rpc method is not whitelisted')).kind).toBe('refused')
    // Ganache answers every unknown method -32700: read by its own word, its eth_sign refusal is no namespace.
    const ganache = notFoundCodes(error(-32700, 'The method l2conf_noSuchMethod does not exist/is not available'))
    expect(ganache).toEqual([-32601, -32004, -32001, -32700])
    expect(readAlone('eth_sign', error(-32700, 'The method eth_sign does not exist/is not available'), ganache).kind).toBe('refused')
    expect(controlNote(error(-32700, 'no'), 'over HTTP')).toMatch(
      /^over HTTP the node answers a method no node serves \(l2conf_noSuchMethod\) with error -32700/,
    )
    expect(controlNote(refusal('l2conf_noSuchMethod'), 'over HTTP')).toBeNull()
    // A control answered with a result, or nothing usable, changes nothing.
    expect(notFoundCodes(answer(1, null))).toEqual([-32601, -32004, -32001])
    expect(notFoundCodes(undefined)).toEqual([-32601, -32004, -32001])
  })

  it("no JSON-RPC answer (a gateway's 403 page, a batch without the item) is a refusal; no answer at all is `unanswered`", () => {
    const probe = probeOf('admin_peers')
    const forbidden: Exchange = { ...exchangeOf(request(probe), undefined, { httpStatus: 403 }), rawResponse: 'Forbidden' }
    expect(readProbe(probe, forbidden, undefined, [-32601])).toMatchObject({ kind: 'refused', brief: 'HTTP 403' })
    const batch = exchangeOf([answer(1, '0x385'), request(probe)], [answer(1, '0x385')])
    expect(readProbe(probe, batch, undefined, [-32601])).toMatchObject({ kind: 'refused', brief: 'no response for it' })
    const silent: Exchange = { ...exchangeOf(request(probe), undefined), failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer within 10000 ms' } }
    expect(readProbe(probe, silent, undefined, [-32601]).kind).toBe('unanswered')
  })

  it('reads any JSON without throwing, and finds addresses however deep or wide, bounded', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        for (const probe of EXPOSURE_PROBES) readProbe(probe, exchangeOf(request(probe), value), value, [-32601])
        accountsIn(value)
      }),
      { seed: 35, numRuns: 200 },
    )
    let deep: unknown = DEV[0]
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(accountsIn(deep)).toEqual([])
    expect(accountsIn(Array.from({ length: 50_000 }, () => DEV[2])).length).toBe(1)
    expect(accountsIn({ a: [{ address: DEV[0] }], b: DEV[0]!.toLowerCase(), c: 'not 0xabc' })).toEqual([DEV[0]!.toLowerCase()])
  })
})

describe('the judges: MUST on wallets, SHOULD on namespaces, each finding with its command', () => {
  const readings = [
    readAlone('eth_accounts', answer(2, DEV)),
    readAlone('personal_listAccounts', refusal('personal_listAccounts')),
    readAlone('eth_sign', error(-32000, 'unknown account')),
    readAlone('txpool_status', answer(2, { pending: '0x0', queued: '0x0' })),
  ]

  it('checkNoWallet: an account listed is an unexpected result, with the accounts and the curl line; a namespace merely reachable is not its finding', () => {
    const findings = checkNoWallet(readings, 'over HTTP', curl)
    expect(findings.map((f) => f.kind)).toEqual(['unexpected-result'])
    expect(findings[0]!.message).toMatchInlineSnapshot(
      `"eth_accounts over HTTP answered a result listing 3 accounts: 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266, 0x70997970c51812dc3a010c7d01b50e0d17dc79c8, 0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc; nodes expose no internal wallets (the interface document, 4.3); reproduce: curl -sS --data-raw '{"jsonrpc":"2.0","method":"eth_accounts","params":[],"id":2}' 'http://127.0.0.1:8545'"`,
    )
    expect(checkNoWallet([readAlone('eth_sign', answer(2, '0x1b'))], 'inside a batch over HTTP', curl)[0]!.message).toMatch(
      /^eth_sign inside a batch over HTTP signed for an address no node holds the key of: a result: "0x1b"/,
    )
  })

  it('checkNoNamespace: every reachable namespace, eth_accounts left to the MUST', () => {
    const findings = checkNoNamespace(readings, 'over WebSocket', curl)
    expect(findings.map((f) => [f.kind, f.message.split(':')[0]])).toEqual([
      ['not-blocked', 'the wallet namespace is reachable over WebSocket'],
      ['not-blocked', 'the txpool namespace is reachable over WebSocket'],
    ])
    expect(findings[1]!.message).toContain(`reproduce: curl -sS --data-raw '{"jsonrpc":"2.0","method":"txpool_status","params":[],"id":2}'`)
  })

  it('a probe with no answer leaves both inconclusive, never passed', () => {
    const probe = probeOf('personal_listAccounts')
    const silent = readProbe(probe, { ...exchangeOf(request(probe), undefined), failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'late' } }, undefined, [])
    expect(checkNoWallet([silent], 'over HTTP', curl).map((f) => f.kind)).toEqual(['inconclusive'])
    expect(checkNoNamespace([silent], 'over HTTP', curl).map((f) => f.kind)).toEqual(['inconclusive'])
  })

  it('probedList: what is exposed, then every probe grouped by what it got', () => {
    expect(probedList(readings, 'over HTTP')).toBe(
      'exposed over HTTP: eth_accounts, eth_sign, txpool_status; probed over HTTP: listed, a result: eth_accounts; refused, error -32601: personal_listAccounts; reachable, error -32000: eth_sign; reachable, a result: txpool_status',
    )
    expect(probedList([readAlone('eth_accounts', answer(2, []))], 'over HTTP')).toBe(
      'nothing exposed over HTTP; probed over HTTP: empty, no account listed: eth_accounts',
    )
  })

  it('oneLineCommand: a curl line as it is; a wscat transcript as wscat -x', () => {
    expect(oneLineCommand("curl -sS 'http://n'")).toBe("curl -sS 'http://n'")
    expect(oneLineCommand(`wscat -c 'ws://n'\n> {"id":1,"x":"it's"}\n< {"id":1}`)).toBe(`wscat -c 'ws://n' -x '{"id":1,"x":"it'\\''s"}'`)
  })
})
