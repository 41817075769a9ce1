import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../cli/packageInfo.js'
import { recorded } from '../requirements/fixtures/recorded.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import type { OpenApiSpec } from '../spec/loadOpenApi.js'
import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Exchange } from '../transport/exchange.js'
import { judgeable, PASSING_KEPT, PASSIVE_MAX_BATCH, PASSIVE_MAX_RAW_CHARS, PassiveTap } from './passiveTap.js'

let specs: { openrpc: OpenRpcSpec; openapi: OpenApiSpec }
beforeAll(async () => {
  specs = { openrpc: await loadOpenRpc(join(packageRoot, 'openrpc.json')), openapi: await loadOpenApi(join(packageRoot, 'openapi.yaml')) }
})

const reversedRange = (): Exchange => {
  const range = recorded('range1to2')
  const blocks = (range.response as { result: unknown[] }).result
  return { ...range, response: { jsonrpc: '2.0', id: 1, result: [...blocks].reverse() } }
}

describe('PassiveTap', () => {
  it('files each violation under the requirement of the rule it breaks, naming the check whose call it was', () => {
    const tap = new PassiveTap(specs, null)
    tap.observe(recorded('range1to2'), { id: 'range.example' })
    expect(tap.found().size).toBe(0)
    tap.observe(reversedRange(), { id: 'client.viem.raw.eth_getBlockRange' })
    const order = tap.found().get('RANGE-ORDER')
    expect(order?.count).toBe(2)
    expect(order?.findings[0]?.message).toMatch(/^seen in passing in the call of eth_getBlockRange by client\.viem\.raw\.eth_getBlockRange: /)
    expect(order?.findings[0]?.exchange?.request).toMatchObject({ method: 'eth_getBlockRange' })
    expect(tap.judgedBy.get('eth_getBlockRange')).toEqual({ schema: 0, rule: 2, envelope: 0 })
    tap.observe(recorded('accounts'), undefined)
    expect(tap.judgedBy.get('eth_getAccounts')).toEqual({ schema: 1, rule: 0, envelope: 0 })
  })

  it('keeps the first PASSING_KEPT findings of a requirement and counts the rest', () => {
    const tap = new PassiveTap(specs, null)
    for (let i = 0; i < PASSING_KEPT; i++) tap.observe(reversedRange(), { id: 'range.tags' })
    expect(tap.found().get('RANGE-ORDER')).toMatchObject({ count: PASSING_KEPT * 2 })
    expect(tap.found().get('RANGE-ORDER')?.findings).toHaveLength(PASSING_KEPT)
  })

  it("leaves the suite's probes of the transport and requests that got no answer to their own checks", () => {
    const range = reversedRange()
    expect(judgeable(range)).toBe(true)
    expect(judgeable({ ...range, httpMethod: 'GET' })).toBe(false)
    expect(judgeable({ ...range, requestHeaders: { 'content-type': 'text/plain' } })).toBe(false)
    expect(judgeable({ ...range, failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'late' } })).toBe(false)
    const { response: _response, ...bare } = range
    expect(judgeable({ ...bare, rawResponse: 'too large', httpStatus: 413 })).toBe(false)
    expect(judgeable({ ...bare, rawResponse: '<html>', httpStatus: 200 })).toBe(true)
    expect(judgeable({ ...range, responseBytes: 64 * 1024 * 1024 })).toBe(false)
    expect(judgeable({ ...range, request: 'x'.repeat(PASSIVE_MAX_RAW_CHARS + 1), requestIsRaw: true })).toBe(false)
    expect(judgeable({ ...range, request: Array.from({ length: PASSIVE_MAX_BATCH + 1 }, () => range.request) })).toBe(false)
  })

  it('judges REST answers by their path under the REST base', () => {
    const tap = new PassiveTap(specs, 'http://127.0.0.1:3000/api')
    const url = 'http://127.0.0.1:3000/api/v2/no-such-path'
    tap.observe(
      {
        transport: 'http',
        protocol: 'rest',
        url,
        request: { method: 'GET', url, headers: {} },
        response: { ok: true },
        httpStatus: 200,
        startedAt: 0,
        durationMs: 1,
      },
      { id: 'rest.errors.unknown-path' },
    )
    expect(tap.found().get('REST-ERRORS')?.findings[0]?.message).toMatch(
      /^seen in passing in the call of GET \/api\/v2\/no-such-path by rest\.errors\.unknown-path: /,
    )
  })
})
