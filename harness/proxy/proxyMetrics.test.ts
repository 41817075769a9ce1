import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { proxyMetrics } from './proxyMetrics.js'
import { ProxyTally } from './proxyTally.js'

const exchange = (request: unknown): Exchange => ({
  transport: 'http',
  url: 'http://node',
  request,
  response: { jsonrpc: '2.0', id: 1, result: 7 },
  startedAt: 0,
  durationMs: 1,
})

describe('proxyMetrics', () => {
  it('counts exchanges judged, and violations by requirement and method as the tally counts them', async () => {
    const tally = new ProxyTally()
    const registry = proxyMetrics(tally)
    const wrong = { kind: 'schema-violation' as const, message: 'result must be string' }
    tally.record(
      { parts: [{ requirement: 'RPC-STANDARD', findings: [wrong] }], clientFault: null, unknownMethods: [] },
      'http',
      exchange({ method: 'net_version' }),
    )
    tally.record({ parts: [{ requirement: 'RPC-STANDARD', findings: [] }], clientFault: null, unknownMethods: [] }, 'ws', exchange({ method: 'eth_chainId' }))
    tally.record(
      { parts: [{ requirement: 'RPC-ENVELOPE', findings: [wrong, wrong] }], clientFault: null, unknownMethods: ['acme_x'] },
      'http',
      exchange({ method: 'acme_x' }),
    )
    tally.record(
      { parts: [{ requirement: 'RPC-STANDARD', findings: [{ kind: 'inconclusive', message: '?' }] }], clientFault: null, unknownMethods: [] },
      'http',
      exchange({ method: 'eth_call' }),
    )
    const text = await registry.metrics()
    expect(text).toContain('l2conf_proxy_violations_total{requirement="RPC-STANDARD",level="MUST",method="net_version"} 1')
    expect(text).toContain('l2conf_proxy_violations_total{requirement="RPC-ENVELOPE",level="MUST",method="other"} 1')
    expect(text).not.toContain('method="eth_call"')
    expect(text).toContain('l2conf_proxy_judged_total{requirement="RPC-STANDARD",level="MUST"} 3')
    expect(text).toContain('l2conf_proxy_exchanges_total{transport="http"} 3')
    expect(text).toContain('l2conf_proxy_exchanges_total{transport="ws"} 1')
  })
})
