import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { proxyMetrics } from '../proxy/proxyMetrics.js'
import { ProxyTally } from '../proxy/proxyTally.js'
import { WatchMetrics } from './watchMetrics.js'

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url))
const PROMETHEUS = `${EXAMPLES}prometheus/`

/** Every series name the watch and the proxy expose (a histogram's _bucket, _sum and _count), plus Prometheus's own `up`. */
async function exposedNames(): Promise<Set<string>> {
  const names = new Set(['up'])
  for (const registry of [new WatchMetrics(() => []).registry, proxyMetrics(new ProxyTally())])
    for (const metric of await registry.getMetricsAsJSON()) {
      names.add(metric.name)
      if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`)
    }
  return names
}

/** The metric names a PromQL expression reads (ours and the process's). */
const namesIn = (expr: string): string[] => [...expr.matchAll(/\b((?:l2conf|process)_[a-z_]+)\b/g)].map((m) => m[1]!)

function hasPromtool(): boolean {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

describe('the monitoring examples', () => {
  it('the Grafana dashboard is JSON whose every panel queries metrics the watch or the proxy exposes', async () => {
    const names = await exposedNames()
    const dashboard = JSON.parse(readFileSync(`${EXAMPLES}grafana/l2conf-watch.json`, 'utf8')) as {
      uid: string
      panels: Array<{ id: number; title: string; gridPos: object; targets: Array<{ refId: string; expr: string }> }>
    }
    expect(dashboard.uid).toBe('l2conf-watch')
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length)
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0)
      for (const target of panel.targets) {
        const read = namesIn(target.expr)
        expect(read.length, `${panel.title}: ${target.expr}`).toBeGreaterThan(0)
        for (const name of read) expect(names.has(name), `${panel.title} reads ${name}, which nothing exposes`).toBe(true)
      }
    }
  })

  it('every alert reads metrics the watch or the proxy exposes', async () => {
    const names = await exposedNames()
    const rules = parse(readFileSync(`${PROMETHEUS}alerts.yml`, 'utf8')) as { groups: Array<{ rules: Array<{ alert: string; expr: string }> }> }
    const alerts = rules.groups.flatMap((group) => group.rules)
    expect(alerts.length).toBeGreaterThan(5)
    for (const rule of alerts) for (const name of namesIn(rule.expr)) expect(names.has(name), `${rule.alert} reads ${name}`).toBe(true)
  })

  // Debian's prometheus package brings promtool; CI installs it, a checkout without it skips these.
  it.skipIf(!hasPromtool())("promtool accepts the scrape config and the rules, and the rules fire on the watch's series", () => {
    const run = (args: string[]): string => execFileSync('promtool', args, { cwd: PROMETHEUS, encoding: 'utf8' })
    expect(run(['check', 'config', 'prometheus.yml'])).toMatch(/SUCCESS/)
    expect(run(['check', 'rules', 'alerts.yml'])).toMatch(/SUCCESS/)
    expect(run(['test', 'rules', 'alerts.test.yml'])).toMatch(/SUCCESS/)
  })
})
