import { describe, expect, it } from 'vitest'
import { latencyStats } from './latencyStats.js'
import { sampleReport } from './sampleReport.js'

describe('latencyStats', () => {
  it('groups every latency by method, slowest p95 first', () => {
    expect(latencyStats(sampleReport().results)).toEqual([
      { method: 'eth_getBlockRange', transports: ['http'], count: 4, p50: 18.5, p95: 187, max: 187 },
      { method: 'batch', transports: ['http'], count: 1, p50: 118, p95: 118, max: 118 },
      { method: 'GET /v2/treasury/statistics', transports: ['http'], count: 1, p50: 7.5, p95: 7.5, max: 7.5 },
      { method: 'eth_getBlockByNumber', transports: ['http'], count: 1, p50: 4, p95: 4, max: 4 },
      { method: 'eth_chainId', transports: ['http', 'ws'], count: 3, p50: 2.1, p95: 3.4, max: 3.4 },
      { method: 'rollup_getInfo', transports: ['http'], count: 2, p50: 2.5, p95: 3, max: 3 },
      { method: 'eth_blockNumber', transports: ['ws'], count: 1, p50: 1.2, p95: 1.2, max: 1.2 },
    ])
  })

  it('takes nearest-rank percentiles', () => {
    const latencies = Array.from({ length: 100 }, (_, index) => ({ method: 'm', transport: 'http', ms: index + 1 }))
    const [stats] = latencyStats([{ ...sampleReport().results[0]!, latencies }])
    expect(stats).toMatchObject({ count: 100, p50: 50, p95: 95, max: 100 })
  })
})
