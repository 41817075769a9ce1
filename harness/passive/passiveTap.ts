import { boundExchange } from '../report/boundEvidence.js'
import type { RequirementId } from '../report/result.js'
import type { Finding } from '../checks/finding.js'
import type { OpenApiSpec } from '../spec/loadOpenApi.js'
import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Exchange } from '../transport/exchange.js'
import { createPassiveJudge, type JudgedBy, type PassiveJudge, type PassiveVerdict } from './passiveJudge.js'

/** Findings kept per requirement (each with its exchange, bounded): more are counted, not kept. */
export const PASSING_KEPT = 20
/** Answers larger than this (bytes as received: the LIMITS searches ask for 25 MB) are left to their own check. */
export const PASSIVE_MAX_BYTES = 4 * 1024 * 1024
/**
 * Requests past these sizes (raw text in characters, batch items) are the LIMITS searches measuring
 * what the target refuses: their answers (a refusal, or what a proxy in front says) are the searches' own.
 */
export const PASSIVE_MAX_RAW_CHARS = 64 * 1024
export const PASSIVE_MAX_BATCH = 100

/** The requirement's findings seen in passing: the first PASSING_KEPT, and how many there were in all. */
export interface Passing {
  findings: Finding[]
  count: number
}

/** Who made a call: the check's id, when the call was made inside one. */
export type Caller = { id: string } | undefined

/**
 * Whether the passive judge can judge an exchange of the suite's own as any client's: one that got
 * an answer, sent as a plain POST or over WebSocket. Probes of the HTTP transport itself (another
 * HTTP method, another Content-Type), requests that got no answer (their check says why), a body
 * that is not JSON with a status other than 200 (a limit's refusal), answers past PASSIVE_MAX_BYTES
 * and requests past PASSIVE_MAX_RAW_CHARS or PASSIVE_MAX_BATCH stay with the checks that made them.
 */
export function judgeable(exchange: Exchange): boolean {
  if (exchange.failure !== undefined) return false
  if ((exchange.responseBytes ?? 0) > PASSIVE_MAX_BYTES) return false
  if (typeof exchange.request === 'string' && exchange.request.length > PASSIVE_MAX_RAW_CHARS) return false
  if (Array.isArray(exchange.request) && exchange.request.length > PASSIVE_MAX_BATCH) return false
  if (exchange.protocol === 'rest') return exchange.response !== undefined || exchange.rawResponse !== undefined
  if (exchange.httpMethod !== undefined && exchange.httpMethod !== 'POST') return false
  if (exchange.requestHeaders !== undefined) return false
  if (exchange.response === undefined) return exchange.rawResponse !== undefined && (exchange.transport === 'ws' || exchange.httpStatus === 200)
  return true
}

/** The REST request of an exchange as the passive judge takes it: the path relative to the REST base. */
function restRequest(exchange: Exchange, base: string): { method: string; path: string; query: string } | undefined {
  const request = exchange.request as { method?: unknown; url?: unknown } | null
  if (request === null || typeof request !== 'object' || typeof request.url !== 'string' || typeof request.method !== 'string') return undefined
  try {
    const url = new URL(request.url)
    const root = new URL(base).pathname.replace(/\/$/, '')
    const path = root !== '' && url.pathname.startsWith(root) ? url.pathname.slice(root.length) || '/' : url.pathname
    return { method: request.method, path, query: url.search.replace(/^\?/, '') }
  } catch {
    return undefined
  }
}

/** The method (or REST request) an exchange calls, in words, for a finding seen in passing. */
function callOf(exchange: Exchange): string {
  const request = exchange.request as { method?: unknown; url?: unknown } | unknown[] | null
  if (Array.isArray(request)) return `batch of ${request.length}`
  if (exchange.protocol === 'rest' && request !== null && typeof request === 'object' && typeof request.url === 'string')
    return `${String(request.method)} ${new URL(request.url).pathname}`
  if (request !== null && typeof request === 'object' && typeof request.method === 'string') return request.method
  return exchange.requestIsRaw === true ? 'raw text' : 'a request'
}

/**
 * The run's tap on every exchange (ARCHITECTURE.md, the passive judge): each exchange any check
 * makes goes to the one passive judge, and each violation found is kept under the requirement of
 * the rule it breaks, worded as seen in passing by the check whose call it was. Bounded: the first
 * PASSING_KEPT findings per requirement, their exchanges bounded as a check's are. Never throws.
 */
export class PassiveTap {
  readonly #judge: PassiveJudge
  readonly #restBase: string | null
  readonly #found = new Map<RequirementId, Passing>()
  /** Per method: how many answers were judged by schema, by a rule besides, by the envelope only. */
  readonly judgedBy = new Map<string, Record<JudgedBy, number>>()

  constructor(specs: { openrpc: OpenRpcSpec; openapi: OpenApiSpec }, restBase: string | null) {
    this.#judge = createPassiveJudge(specs)
    this.#restBase = restBase
  }

  /** Judges one exchange made by `caller` (the check in whose context it was made). */
  observe(exchange: Exchange, caller: Caller): void {
    if (!judgeable(exchange)) return
    let verdict: PassiveVerdict
    try {
      if (exchange.protocol === 'rest') {
        const request = this.#restBase === null ? undefined : restRequest(exchange, this.#restBase)
        if (request === undefined) return
        verdict = this.#judge.rest(exchange, request)
      } else verdict = this.#judge.rpc(exchange)
    } catch {
      // A judge never throws; should one, the exchange stays its own check's.
      return
    }
    for (const { method, by } of verdict.judgedBy) {
      const counts = this.judgedBy.get(method) ?? { schema: 0, rule: 0, envelope: 0 }
      counts[by]++
      this.judgedBy.set(method, counts)
    }
    for (const part of verdict.parts) {
      const real = part.findings.filter((f) => f.kind !== 'inconclusive')
      if (real.length === 0) continue
      const passing = this.#found.get(part.requirement) ?? { findings: [], count: 0 }
      this.#found.set(part.requirement, passing)
      const call = `${callOf(exchange)}${caller === undefined ? ' outside any check' : ` by ${caller.id}`}`
      for (const finding of real) {
        passing.count++
        if (passing.findings.length >= PASSING_KEPT) continue
        const cited = finding.exchange ?? exchange
        passing.findings.push({ ...finding, message: `seen in passing in the call of ${call}: ${finding.message}`, exchange: boundExchange(cited) })
      }
    }
  }

  /** The violations seen so far, by the requirement of the rule each breaks. */
  found(): ReadonlyMap<RequirementId, Passing> {
    return this.#found
  }
}
