import type { Exchange } from '../transport/exchange.js'

/** Evidence kept of one exchange at most (request and response together), in bytes of JSON text. */
export const EVIDENCE_BYTES = 64 * 1024

/** What stands in for a value too large to keep: its JSON text cut short, and how long it was. */
export interface TruncatedValue {
  truncated: true
  /** Size of the whole value as JSON text, in bytes. */
  originalBytes: number
  /** The start of the value's JSON text. */
  head: string
}

/**
 * A value fit to keep as evidence (report format: evidence is at most 64 KiB per exchange, noting the
 * original size): the value itself when its JSON text fits in `maxBytes`, else a TruncatedValue with
 * the first `maxBytes` of that text. `knownBytes`, when the caller knows the size of the whole text
 * (the bytes of a body as received), spares writing it to measure it.
 *
 * @example boundValue('x'.repeat(100_000), 10).originalBytes // 100002
 */
export function boundValue(value: unknown, maxBytes: number, knownBytes?: number): unknown {
  // Bounding again what was bounded cuts its head, never the JSON text of the stand-in itself.
  if (typeof value === 'object' && value !== null && standIns.has(value)) return cutStandIn(value as TruncatedValue, maxBytes)
  // The head is written up to the bound, not the whole text: a 63 MiB answer is never copied whole.
  const head = jsonHead(value, maxBytes)
  if (head.complete && Buffer.byteLength(head.text) <= maxBytes) return value
  const bytes = knownBytes ?? (head.complete ? Buffer.byteLength(head.text) : Buffer.byteLength(JSON.stringify(value) ?? 'null'))
  return standIn(bytes, cutUtf8(head.text, maxBytes))
}

/**
 * The JSON text of `value` as JSON.stringify writes it, but stopped once it passes `maxBytes`
 * characters (a character is at least a byte): `complete` says whether it is the whole text.
 * Values nest no deeper than the transports let them (MAX_JSON_DEPTH), so recursion is safe.
 */
function jsonHead(value: unknown, maxBytes: number): { text: string; complete: boolean } {
  const parts: string[] = []
  let length = 0
  const full = (): boolean => length > maxBytes
  const put = (text: string): void => {
    parts.push(text)
    length += text.length
  }
  const write = (item: unknown): void => {
    if (full()) return
    if (item !== null && typeof item === 'object' && typeof (item as { toJSON?: unknown }).toJSON === 'function')
      item = (item as { toJSON: () => unknown }).toJSON()
    if (typeof item === 'string') {
      // Only as much of a long string as the bound can show is escaped.
      const room = maxBytes - length + 1
      if (item.length <= room) put(JSON.stringify(item))
      else put(JSON.stringify(item.slice(0, room)).slice(0, -1))
    } else if (Array.isArray(item)) {
      put('[')
      for (let index = 0; index < item.length && !full(); index++) {
        if (index > 0) put(',')
        write(item[index])
      }
      put(']')
    } else if (item !== null && typeof item === 'object') {
      put('{')
      let first = true
      for (const key of Object.keys(item)) {
        if (full()) break
        const member = (item as Record<string, unknown>)[key]
        if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue
        put(`${first ? '' : ','}${JSON.stringify(key)}:`)
        first = false
        write(member)
      }
      put('}')
    } else {
      const text = JSON.stringify(item) as string | undefined
      put(text ?? 'null')
    }
  }
  write(value)
  return { text: parts.join(''), complete: !full() }
}

/** The TruncatedValues made here: a value a target sent that looks like one is still bounded as a value. */
const standIns = new WeakSet<object>()

function standIn(originalBytes: number, head: string): TruncatedValue {
  const truncated: TruncatedValue = { truncated: true, originalBytes, head }
  standIns.add(truncated)
  return truncated
}

function cutStandIn(value: TruncatedValue, maxBytes: number): TruncatedValue {
  return Buffer.byteLength(value.head) <= maxBytes ? value : standIn(value.originalBytes, cutUtf8(value.head, maxBytes))
}

/** The bounded stand-ins made by boundExchange, one per exchange while it lives. */
const bounded = new WeakMap<Exchange, Exchange>()

/**
 * An exchange as a finding keeps it once judged: the same, but a response whose JSON text passes
 * `maxBytes` stands as a TruncatedValue (boundValue), so a check that cites many exchanges holds
 * their evidence, not every body a target sent (a body of a million keys is 70 MB of heap). The
 * request is the harness's own and is kept, so a reproduce line stays whole. One copy per exchange,
 * however many findings cite it.
 * @example probe.findings.push({ ...finding, exchange: boundExchange(finding.exchange) })
 */
export function boundExchange(exchange: Exchange, maxBytes = EVIDENCE_BYTES): Exchange {
  if (exchange.response === undefined || standIns.has(exchange.response as object)) return exchange
  // A body received in less than half the bound is kept as it came (the report bounds it again).
  if (exchange.responseBytes !== undefined && exchange.responseBytes <= maxBytes / 2) return exchange
  const known = bounded.get(exchange)
  if (known !== undefined) return known
  const response = boundValue(exchange.response, maxBytes, exchange.responseBytes)
  const kept = response === exchange.response ? exchange : { ...exchange, response }
  bounded.set(exchange, kept)
  return kept
}

/** An exchange's evidence within `maxBytes` in all: the request keeps up to half, the response the rest. */
export function boundEvidence(evidence: { request: unknown; response: unknown }, maxBytes = EVIDENCE_BYTES): { request: unknown; response: unknown } {
  const request = boundValue(evidence.request, Math.floor(maxBytes / 2))
  const requestBytes = Buffer.byteLength(JSON.stringify(request) ?? 'null')
  return { request, response: boundValue(evidence.response, Math.max(256, maxBytes - requestBytes)) }
}

/** A text (a message, a reproduce line) cut to `maxBytes`, saying how long it was. */
export function boundText(text: string, maxBytes: number): string {
  const bytes = Buffer.byteLength(text)
  if (bytes <= maxBytes) return text
  return `${cutUtf8(text, maxBytes)}… [truncated: ${bytes} bytes in all]`
}

function cutUtf8(text: string, maxBytes: number): string {
  // Cut on a character boundary: decoding a cut buffer would leave a replacement character.
  let cut = Math.min(text.length, maxBytes)
  while (cut > 0 && Buffer.byteLength(text.slice(0, cut)) > maxBytes) cut = Math.floor(cut * 0.9)
  return text.slice(0, cut)
}

/** Evidence of all results together at most, in bytes: report.json stays under 10 MB whatever the target sends. */
export const REPORT_EVIDENCE_BYTES = 6 * 1024 * 1024
/** Evidence of one exchange once the report's budget is spent. */
const SPENT_BYTES = 2 * 1024

/**
 * Results with their evidence bounded as a whole (REPORT_EVIDENCE_BYTES): each exchange keeps up to
 * EVIDENCE_BYTES while the budget lasts, then SPENT_BYTES; truncated values note their original size.
 */
export function boundReportEvidence<T extends { evidence?: { request: unknown; response: unknown }; reproduce?: string }>(results: readonly T[]): T[] {
  let spent = 0
  return results.map((result) => {
    if (result.evidence === undefined && result.reproduce === undefined) return result
    const budget = spent < REPORT_EVIDENCE_BYTES ? EVIDENCE_BYTES : SPENT_BYTES
    const bounded = { ...result }
    if (result.evidence !== undefined) bounded.evidence = boundEvidence(result.evidence, budget)
    if (result.reproduce !== undefined) bounded.reproduce = boundText(result.reproduce, Math.min(budget, 8 * 1024))
    spent += Buffer.byteLength(JSON.stringify(bounded.evidence ?? null)) + Buffer.byteLength(bounded.reproduce ?? '')
    return bounded
  })
}
