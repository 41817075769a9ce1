import type { Exchange } from '../transport/exchange.js'
import { responseOutcome, rpcOutcome } from '../transport/jsonRpcResponse.js'
import { failureVerdict } from './failureVerdict.js'
import { largestAccepted, type Verdict } from './largestAccepted.js'
import { limitValue, type LimitMeasurement } from './limitMeasurement.js'
import { batchRefusalText } from './maxBatchItems.js'
import { answerText } from './refusalSignature.js'

/** Common response bounds: geth's BatchResponseMaxSize (25,000,000), the same in MiB, 10 and 16 MiB. */
export const RESPONSE_BYTES_HINTS: readonly number[] = [25_000_000, 25 * 1024 * 1024, 10 * 1024 * 1024, 16 * 1024 * 1024]
/** The largest answer discovery asks for: above geth's 25 MB, below the run's 64 MiB transport cap. */
export const RESPONSE_BYTES_CAP = 32 * 1024 * 1024
/** Blocks in the unit eth_getBlockRange item (fewer when the chain is shorter). */
const UNIT_RANGE = 100
/** Items a probe batch holds at most: geth's and most providers' batch limit. */
const MAX_ITEMS = 1000

export interface ResponseBytesProbe {
  /** POSTs a JSON value (a request or a batch) through the run's transport. */
  send(body: unknown): Promise<Exchange>
  /** The head block number when discovery starts. */
  head: number
  /** No answer larger than this many bytes is asked for (it must stay below the transport's own cap). */
  cap: number
}

const hex = (value: number): string => `0x${value.toString(16)}`
const digits = (id: number): number => String(id).length

/** The size of an exchange's body as received. */
function bodyBytes(exchange: Exchange): number {
  return exchange.responseBytes ?? Buffer.byteLength(exchange.rawResponse ?? JSON.stringify(exchange.response) ?? '')
}

/**
 * One read-only request whose answer is large and always the same (blocks that do not change), and
 * one whose answer grows by exactly one byte per character of its string id (eth_chainId), measured
 * alone: with them a batch is built whose answer has exactly the number of bytes wanted, assuming the
 * target writes each answer the same way whatever its id (compact JSON does; it is checked).
 */
interface Units {
  /** The large request, without id. */
  large: { jsonrpc: '2.0'; method: string; params: unknown[] }
  /** Its answer's bytes less the digits of its numeric id. */
  largeBytes: number
  /** eth_chainId's answer bytes with the empty string id. */
  padBytes: number
  describe: string
}

async function measureUnits(probe: ResponseBytesProbe, count: () => void): Promise<Units | string> {
  const span = Math.min(UNIT_RANGE, probe.head + 1)
  const candidates = [
    {
      request: { jsonrpc: '2.0' as const, method: 'eth_getBlockRange', params: [hex(probe.head - span + 1), hex(probe.head), true] },
      describe: `eth_getBlockRange over ${span} blocks with full transactions`,
    },
    {
      request: { jsonrpc: '2.0' as const, method: 'eth_getBlockByNumber', params: [hex(probe.head), true] },
      describe: `eth_getBlockByNumber(${probe.head}, true)`,
    },
  ]
  let large: { request: Units['large']; bytes: number; describe: string } | undefined
  const seen: string[] = []
  for (const candidate of candidates) {
    count()
    const exchange = await probe.send({ ...candidate.request, id: 1 })
    const outcome = rpcOutcome(exchange)
    if (exchange.failure === undefined && outcome.kind === 'result' && outcome.value !== null) {
      large = { request: candidate.request, bytes: bodyBytes(exchange) - 1, describe: candidate.describe }
      break
    }
    seen.push(`${candidate.request.method}: ${answerText(exchange)}`)
  }
  if (large === undefined) return `no large read-only answer to build batches of (${seen.join('; ')})`
  count()
  const pad = await probe.send({ jsonrpc: '2.0', id: '', method: 'eth_chainId', params: [] })
  if (pad.failure !== undefined || rpcOutcome(pad).kind !== 'result') return `eth_chainId did not answer: ${answerText(pad)}`
  return { large: large.request, largeBytes: large.bytes, padBytes: bodyBytes(pad), describe: large.describe }
}

/** The batch whose answer is exactly `bytes` long: large items 1..k, then eth_chainId with a padded id; null when none is. */
function batchOfSize(units: Units, bytes: number): unknown[] | null {
  // [ + items joined by commas + ], the eth_chainId item last.
  let total = 2 + units.padBytes
  let k = 0
  while (k < MAX_ITEMS - 1) {
    const next = units.largeBytes + digits(k + 1) + 1
    if (total + next > bytes) break
    total += next
    k++
  }
  const padding = bytes - total
  if (padding < 0) return null
  if (k === MAX_ITEMS - 1 && padding > units.largeBytes + 8) return null
  const items: unknown[] = Array.from({ length: k }, (_, index) => ({ ...units.large, id: index + 1 }))
  items.push({ jsonrpc: '2.0', id: 'x'.repeat(padding), method: 'eth_chainId', params: [] })
  return items
}

/** The largest answer size a batch of at most MAX_ITEMS items can reach. */
function reachable(units: Units): number {
  let total = 2 + units.padBytes
  for (let id = 1; id < MAX_ITEMS; id++) total += units.largeBytes + digits(id) + 1
  return total + units.largeBytes
}

/**
 * The largest response body the target sends (LIMITS; interface spec section 8; geth's
 * BatchResponseMaxSize): batches of read-only calls built to answer exactly N bytes (large answers,
 * then one eth_chainId whose string id pads to the byte), answered per item with results up to the
 * bound; past it the target answers errors (geth: -32003 "response too large"). When the answers are
 * not the size predicted, only a lower bound (`>=N`, the largest body received) is reported.
 */
export async function maxResponseBytes(probe: ResponseBytesProbe): Promise<LimitMeasurement> {
  let requests = 0
  const units = await measureUnits(probe, () => requests++)
  if (typeof units === 'string') return { value: null, requests, note: units }
  const refusals = new Map<number, string>()
  const received = new Map<number, number>()
  const cap = Math.min(probe.cap, reachable(units))
  const floor = 2 + units.padBytes
  const ask = async (bytes: number): Promise<Verdict> => {
    const batch = batchOfSize(units, bytes)
    if (batch === null) return { unknown: `no batch of at most ${MAX_ITEMS} items answers exactly ${bytes} bytes` }
    const exchange = await probe.send(batch)
    const verdict = failureVerdict(exchange) ?? (answeredPerItem(exchange, batch.length) ? 'accepted' : 'refused')
    if (verdict === 'accepted') received.set(bytes, bodyBytes(exchange))
    if (verdict === 'refused') refusals.set(bytes, batchRefusalText(exchange))
    return verdict
  }
  const outcome = await largestAccepted(ask, { floor, cap, hints: RESPONSE_BYTES_HINTS })
  requests += outcome.requests
  const unit = `batches of ${units.describe} and one eth_chainId padded by its id`
  const got = received.get(outcome.accepted)
  if (got !== undefined && got !== outcome.accepted) {
    return {
      value: `>=${got}`,
      requests,
      note: `answers are not the size predicted from one answer of each (${outcome.accepted} bytes expected, ${got} received), so only a lower bound is known; ${unit}`,
    }
  }
  const value = limitValue(outcome, floor)
  let note: string
  if (outcome.kind === 'at-least')
    note = `a ${outcome.accepted}-byte answer was sent whole; no larger one was asked for (${cap === probe.cap ? 'the cap' : `the most ${MAX_ITEMS} items reach`}); ${unit}`
  else if (outcome.kind === 'unsure')
    note = `stopped: ${outcome.reason ?? 'no answer'}${outcome.accepted > 0 ? ` (after a ${outcome.accepted}-byte answer was sent whole)` : ''}`
  else if (outcome.accepted < floor) note = `even the smallest batch (${floor} bytes) was refused: ${refusals.get(floor) ?? 'refused'}`
  else
    note = `answers of up to ${outcome.accepted} bytes are sent whole; ${outcome.accepted + 1} bytes: ${refusals.get(outcome.accepted + 1) ?? 'refused'}; ${unit}`
  return { value, requests, note }
}

/** Answered per item: an array of `count` responses, each with a result. */
function answeredPerItem(exchange: Exchange, count: number): boolean {
  const response = exchange.response
  return Array.isArray(response) && response.length === count && response.every((item) => responseOutcome(item).kind === 'result')
}
