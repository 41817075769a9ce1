import { collectDefaultMetrics, Counter, Registry } from 'prom-client'
import type { RequirementId } from '../report/result.js'
import { levelOf } from '../requirements/index.js'
import type { Exchange } from '../transport/exchange.js'
import type { LiveVerdict } from './liveJudge.js'
import type { ProxyTally } from './proxyTally.js'

/** The method an exchange is counted under: its JSON-RPC method, `batch`, `rest`, or `other` for a name the spec lacks (labels stay few). */
function methodOf(exchange: Exchange, verdict: LiveVerdict): string {
  if (exchange.protocol === 'rest') return 'rest'
  const request = exchange.request
  if (Array.isArray(request)) return 'batch'
  const method = request !== null && typeof request === 'object' ? (request as { method?: unknown }).method : undefined
  return typeof method === 'string' && !verdict.unknownMethods.includes(method) ? method : 'other'
}

/**
 * `l2conf proxy --metrics-port`'s Prometheus metrics, read from the proxy's own tally (ARCHITECTURE.md,
 * the proxy): exchanges forwarded and judged, and violations by requirement and method, under the
 * names the watch uses (`l2conf_` first, counters ending in `_total`), so both long-running commands
 * speak to one monitoring stack. Counting never changes what the proxy judges or forwards.
 */
export function proxyMetrics(tally: ProxyTally): Registry {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry })
  new Counter({
    name: 'l2conf_proxy_exchanges_total',
    help: 'Exchanges forwarded, by transport (http, ws, rest; ws-notification for eth_subscription frames)',
    labelNames: ['transport'],
    registers,
    collect() {
      this.reset()
      for (const [transport, count] of Object.entries(tally.traffic))
        this.inc({ transport: transport === 'notifications' ? 'ws-notification' : transport }, count)
    },
  })
  new Counter({
    name: 'l2conf_proxy_judged_total',
    help: 'Exchanges judged, by the requirement that answers for them',
    labelNames: ['requirement', 'level'],
    registers,
    collect() {
      this.reset()
      for (const [requirement, row] of tally.requirements) this.inc({ requirement, level: levelOf(requirement) }, row.judged)
    },
  })
  const violations = new Counter({
    name: 'l2conf_proxy_violations_total',
    help: 'Exchanges that broke a requirement, by requirement, level and JSON-RPC method',
    labelNames: ['requirement', 'level', 'method'],
    registers,
  })
  new Counter({
    name: 'l2conf_proxy_unsolicited_frames_total',
    help: 'WebSocket frames nobody asked for: answers to no request (RPC-WS), notifications of no open subscription (RPC-SUBSCRIBE)',
    labelNames: ['requirement', 'level'],
    registers,
    collect() {
      this.reset()
      this.inc({ requirement: 'RPC-WS', level: levelOf('RPC-WS') }, tally.unsolicited.responses.count)
      this.inc({ requirement: 'RPC-SUBSCRIBE', level: levelOf('RPC-SUBSCRIBE') }, tally.unsolicited.notifications.count)
    },
  })
  new Counter({
    name: 'l2conf_proxy_not_charged_total',
    help: "Exchanges not charged to the node: the client's own faults, upstream failures, answers not judged, requests that are not JSON-RPC",
    labelNames: ['why'],
    registers,
    collect() {
      this.reset()
      this.inc({ why: 'client-fault' }, tally.clientFaults.count)
      this.inc({ why: 'upstream-failure' }, tally.upstreamFailures.count)
      this.inc({ why: 'unjudged' }, tally.unjudged.count)
      this.inc({ why: 'not-rpc' }, tally.notRpc.count)
    },
  })
  tally.onRecord = (verdict, _transport, exchange) => {
    // As the tally counts them: an exchange once per requirement it broke, an inconclusive finding no violation.
    const broken = new Set<RequirementId>()
    for (const part of verdict.parts) if (part.findings.some((finding) => finding.kind !== 'inconclusive')) broken.add(part.requirement)
    if (broken.size === 0) return
    const method = methodOf(exchange, verdict)
    for (const requirement of broken) violations.inc({ requirement, level: levelOf(requirement), method })
  }
  return registry
}
