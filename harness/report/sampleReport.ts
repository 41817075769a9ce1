import type { CheckResult, Report } from './result.js'
import { summarize } from './summarize.js'

/** Hostile text a broken target might send: markup, a CDATA terminator, control characters. */
export const HOSTILE = '<script>document.title="pwned"</script><img id="pwned" src=x onerror="document.title=1"> ]]> & \u0000\u0007\u001b[31m'

/**
 * A realistic report for the report writers' tests: passes over HTTP and WebSocket, a MUST failure
 * whose evidence carries hostile text, a SHOULD warning, a known failure, a plain skip, an
 * inconclusive check, an unexpected pass, a requirement outside the requirement table, run notices.
 */
export function sampleReport(overrides: Partial<Report> = {}): Report {
  const results: CheckResult[] = [
    {
      id: 'envelope.eth_chainId.http',
      requirement: 'RPC-ENVELOPE',
      level: 'MUST',
      title: 'Response envelope of eth_chainId over HTTP',
      status: 'passed',
      message: '',
      durationMs: 4,
      latencies: [
        { method: 'eth_chainId', transport: 'http', ms: 2.1 },
        { method: 'eth_chainId', transport: 'http', ms: 3.4 },
      ],
    },
    {
      id: 'standard.eth_blockNumber.ws',
      requirement: 'RPC-STANDARD',
      level: 'MUST',
      title: 'eth_blockNumber answers within its result schema over WebSocket',
      status: 'passed',
      message: '',
      durationMs: 3,
      latencies: [
        { method: 'eth_blockNumber', transport: 'ws', ms: 1.2 },
        { method: 'eth_chainId', transport: 'ws', ms: 1.9 },
      ],
    },
    {
      id: 'range.tags.latest',
      requirement: 'RANGE-TAGS',
      level: 'MUST',
      title: 'eth_getBlockRange accepts "latest" for start and end',
      status: 'passed',
      message: '',
      durationMs: 21,
      latencies: [{ method: 'eth_getBlockRange', transport: 'http', ms: 18.5 }],
    },
    {
      id: 'range.order.tags',
      requirement: 'RANGE-ORDER',
      level: 'MUST',
      title: 'Blocks ascending, both ends inclusive, for a tag range',
      status: 'failed',
      message: 'block 0x0 came after block 0x5: expected one block per number in [0x0, 0x5], ascending\nsecond line of detail',
      evidence: {
        request: { jsonrpc: '2.0', method: 'eth_getBlockRange', params: ['latest', '0x5', false], id: 7 },
        response: { jsonrpc: '2.0', id: 7, result: [{ number: '0x5', extraData: HOSTILE }, { number: '0x0' }] },
      },
      reproduce: `curl -sS -X POST -H 'Content-Type: application/json' --data '{"jsonrpc":"2.0","method":"eth_getBlockRange","params":["latest","0x5",false],"id":7}' http://127.0.0.1:8545`,
      durationMs: 230,
      latencies: [
        { method: 'eth_getBlockRange', transport: 'http', ms: 41 },
        { method: 'eth_getBlockRange', transport: 'http', ms: 187 },
      ],
    },
    {
      id: 'errors.parse.http',
      requirement: 'RPC-ERRORS',
      level: 'SHOULD',
      title: 'Malformed JSON answers -32700',
      status: 'warning',
      message: 'malformed JSON answered code -32600, expected -32700 (parse error)',
      evidence: { request: '{"jsonrpc":"2.0","method":', response: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } } },
      reproduce: `curl -sS -X POST -H 'Content-Type: application/json' --data '{"jsonrpc":"2.0","method":' http://127.0.0.1:8545`,
      durationMs: 5,
    },
    {
      id: 'rest.shape.v2-treasury-statistics',
      requirement: 'REST-SHAPE',
      level: 'MUST',
      title: 'GET /v2/treasury/statistics: body valid against TreasuryStatistic',
      status: 'known-failure',
      message: 'known failure (statistics carry an extra cacheTime; https://tracker.example/ops/12): /cacheTime: must NOT have additional properties',
      evidence: {
        request: { method: 'GET', url: 'http://127.0.0.1:3000/api/v2/treasury/statistics' },
        response: { status: 200, body: { total: 1, tokens: [], cacheTime: 3600 } },
      },
      reproduce: 'curl -sS http://127.0.0.1:3000/api/v2/treasury/statistics',
      durationMs: 9,
      latencies: [{ method: 'GET /v2/treasury/statistics', transport: 'http', ms: 7.5 }],
      expectation: { match: 'rest.shape.*', reason: 'statistics carry an extra cacheTime', issue: 'https://tracker.example/ops/12', outcome: 'known-failure' },
    },
    {
      id: 'sendraw.valid',
      requirement: 'SENDRAW',
      level: 'MUST',
      title: 'eth_sendRawTransaction accepts a valid signed transaction',
      status: 'skipped',
      message: 'needs --profile full (it signs and sends a transaction)',
      durationMs: 0,
    },
    {
      id: 'range.consistent.head',
      requirement: 'RANGE-CONSISTENT',
      level: 'MUST',
      title: 'The head block equals eth_getBlockByNumber("latest")',
      status: 'inconclusive',
      message: 'the head moved from 0x10 to 0x11 between the two reads (re-read twice)',
      durationMs: 14,
      findings: [{ kind: 'inconclusive', message: 'the head moved from 0x10 to 0x11 between the two reads (re-read twice)' }],
      latencies: [
        { method: 'eth_getBlockByNumber', transport: 'http', ms: 4 },
        { method: 'eth_getBlockRange', transport: 'http', ms: 9 },
      ],
    },
    {
      id: 'info.progress.counters',
      requirement: 'INFO-PROGRESS',
      level: 'SHOULD',
      title: 'rollup_getInfo counters never go backwards',
      status: 'passed',
      message: '[unexpected pass: listed as a known failure (counters reset on restart); remove the entry "info.progress.*" from the expectations file]',
      durationMs: 1003,
      latencies: [
        { method: 'rollup_getInfo', transport: 'http', ms: 2.5 },
        { method: 'rollup_getInfo', transport: 'http', ms: 3 },
      ],
      expectation: { match: 'info.progress.*', reason: 'counters reset on restart', outcome: 'unexpected-pass' },
    },
    {
      id: 'limits.batch',
      requirement: 'LIMITS',
      level: 'INFO',
      title: 'the largest batch of eth_chainId calls the target answers per item',
      status: 'passed',
      message: 'maxBatchItems=1000: batches of up to 1000 items are answered per item; 1001 items: -32600 "batch too large (max 1000)" (2 requests)',
      durationMs: 120,
      latencies: [{ method: 'batch', transport: 'http', ms: 118 }],
      measured: { maxBatchItems: 1000 },
    },
  ]
  return {
    tool: { name: 'l2conf', version: '0.1.0' },
    runtime: { node: 'v20.20.2', platform: 'linux', arch: 'x64' },
    target: { rpc: 'http://127.0.0.1:8545', ws: 'ws://127.0.0.1:8545', rest: 'http://127.0.0.1:3000/api' },
    profile: 'read-only',
    seed: 424242,
    startedAt: '2026-11-20T10:15:00.000Z',
    durationMs: 12_345,
    specs: {
      openrpc: { path: 'openrpc.json', version: '1.0.0', sha256: '3f1c2a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a' },
      openapi: { path: 'openapi.yaml', version: '0.1.0', sha256: '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d' },
    },
    summary: summarize(results),
    limits: { maxBatchItems: 1000, maxBlockRange: 1000, rateLimit: null, maxRequestBytes: 5_242_880, maxWsMessageBytes: '>=16777216' },
    warnings: ['TLS certificates of the target were not verified (--insecure)'],
    expectations: { file: 'known-deviations.yaml', unexpectedPasses: ['info.progress.counters'], unmatched: ['GAS-*'], expired: [] },
    results,
    ...overrides,
  }
}
