import type { CheckResult } from './result.js'

/** Latency of one JSON-RPC method or REST path over a run. */
export interface MethodLatency {
  method: string
  /** The transports it was measured over, e.g. ['http', 'ws']. */
  transports: string[]
  count: number
  p50: number
  p95: number
  max: number
}

/**
 * Latency per method over a run, from every result's `latencies` (report.html's chart): the
 * median, the 95th percentile (nearest rank) and the maximum, slowest p95 first.
 */
export function latencyStats(results: readonly CheckResult[]): MethodLatency[] {
  const samples = new Map<string, { ms: number[]; transports: Set<string> }>()
  for (const result of results) {
    for (const latency of result.latencies ?? []) {
      if (!Number.isFinite(latency.ms)) continue
      const entry = samples.get(latency.method) ?? { ms: [], transports: new Set<string>() }
      entry.ms.push(latency.ms)
      entry.transports.add(latency.transport)
      samples.set(latency.method, entry)
    }
  }
  return [...samples]
    .map(([method, { ms, transports }]) => {
      const sorted = [...ms].sort((a, b) => a - b)
      return { method, transports: [...transports].sort(), count: sorted.length, p50: rank(sorted, 50), p95: rank(sorted, 95), max: sorted.at(-1) ?? 0 }
    })
    .sort((a, b) => b.p95 - a.p95 || a.method.localeCompare(b.method))
}

function rank(sorted: readonly number[], percentile: number): number {
  return sorted[Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1)] ?? 0
}
