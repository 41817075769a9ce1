import { Counter, Registry } from 'prom-client'
import { afterAll, describe, expect, it } from 'vitest'
import { serveMetrics, type MetricsServer } from './metricsServer.js'

const servers: MetricsServer[] = []
afterAll(async () => {
  for (const server of servers) await server.close()
})

describe('serveMetrics', () => {
  it('serves /metrics in the text exposition format and /healthz as JSON', async () => {
    const registry = new Registry()
    new Counter({ name: 'l2conf_test_total', help: 'a test counter', registers: [registry] }).inc(3)
    let ok = true
    const server = await serveMetrics(registry, '127.0.0.1', 0, () => ({ ok, cycles: 2 }))
    servers.push(server)
    const metrics = await fetch(`${server.url}/metrics`)
    expect(metrics.headers.get('content-type')).toContain('text/plain')
    expect(await metrics.text()).toContain('# TYPE l2conf_test_total counter\nl2conf_test_total 3')
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ ok: true, cycles: 2 })
    ok = false
    expect((await fetch(`${server.url}/healthz`)).status).toBe(503)
    expect((await fetch(`${server.url}/other`)).status).toBe(404)
  })

  it('rejects a port already taken', async () => {
    const first = await serveMetrics(new Registry(), '127.0.0.1', 0, () => ({ ok: true }))
    servers.push(first)
    await expect(serveMetrics(new Registry(), '127.0.0.1', Number(new URL(first.url).port), () => ({ ok: true }))).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })
})
