import { readTranscriptFiles } from '../harness/transcript/readTranscript.js'
import type { RecordedExchange } from '../harness/transcript/recordedExchange.js'

/** What one check of a recorded run sent, and how many of its round trips had to follow one another. */
export interface CheckChain {
  check: string
  /** Exchanges with the target: HTTP requests, WebSocket calls, REST requests (a batch is one). */
  roundTrips: number
  /** JSON-RPC calls and REST requests: a batch counts its items. */
  requests: number
  /**
   * The longest sequence of its exchanges each of which started after the one before it ended: at a
   * round trip long beside the target's own time and with no wait at the gate, the check's
   * sequential chain of round trips (its critical path is this many round trips).
   */
  chain: number
  /** From its first request's start to its last answer, ms. */
  spanMs: number
}

/**
 * The round trips and requests of each check of a run recorded with `--record DIR` (one transcript
 * file per check), and its sequential chain. Exchanges without a recorded start time are left out.
 */
export function checkChains(dir: string): CheckChain[] {
  const byCheck = new Map<string, RecordedExchange[]>()
  for (const file of readTranscriptFiles(dir)) {
    const check = file.header?.check ?? file.path
    const exchanges = byCheck.get(check) ?? []
    for (const entry of file.entries) if (entry.kind === 'exchange' && entry.at !== undefined) exchanges.push(entry)
    byCheck.set(check, exchanges)
  }
  return [...byCheck].map(([check, exchanges]) => chainOf(check, exchanges))
}

function chainOf(check: string, exchanges: readonly RecordedExchange[]): CheckChain {
  const spans = exchanges.map((e) => ({ start: e.at!, end: e.at! + e.durationMs })).sort((a, b) => a.start - b.start)
  // Longest chain of spans, each starting at or after the end of the one before (a DAG in start order).
  const depth: number[] = []
  for (let i = 0; i < spans.length; i++) {
    let best = 0
    for (let j = 0; j < i; j++) if (spans[j]!.end <= spans[i]!.start && depth[j]! > best) best = depth[j]!
    depth.push(best + 1)
  }
  const requests = exchanges.reduce((sum, e) => sum + (Array.isArray(e.request) ? e.request.length : 1), 0)
  const first = spans[0]?.start ?? 0
  const last = spans.reduce((max, span) => Math.max(max, span.end), first)
  return { check, roundTrips: exchanges.length, requests, chain: Math.max(0, ...depth), spanMs: last - first }
}

/** `node --import tsx bench/checkChains.ts DIR`: the table, longest chain first, and the totals. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2]
  if (dir === undefined) {
    console.error('usage: node --import tsx bench/checkChains.ts DIR (a run recorded with l2conf run --record DIR)')
    process.exit(2)
  }
  const chains = checkChains(dir).sort((a, b) => b.chain - a.chain || b.requests - a.requests)
  console.log('| check | requests | round trips | chain | span |')
  console.log('|---|---|---|---|---|')
  for (const c of chains) console.log(`| ${c.check} | ${c.requests} | ${c.roundTrips} | ${c.chain} | ${(c.spanMs / 1000).toFixed(2)} s |`)
  const total = (pick: (c: CheckChain) => number): number => chains.reduce((sum, c) => sum + pick(c), 0)
  console.log(`| all ${chains.length} checks | ${total((c) => c.requests)} | ${total((c) => c.roundTrips)} | | |`)
}
