import type { HarnessErrorCode } from '../errors/harnessError.js'
import { ByteBudget } from './byteBudget.js'
import type { Exchange } from './exchange.js'

/** Which transport a health state describes: the JSON-RPC HTTP address, the WebSocket address or the REST API. */
export type HealthKind = 'http' | 'ws' | 'rest'

/**
 * Time-outs in a row (no answer of any kind on the transport in between) after which the harness
 * asks the target whether it is alive at all. One: a time-out alone never condemns a transport
 * (one slow answer, or one oversized request of a limits search, proves nothing), the liveness
 * question is the second witness. A live node, however slow on heavy calls, answers it and the
 * count starts again; a dead one is judged at the default 10 s time-out within 15 s, even when its
 * first check sends one request at a time.
 */
export const TIMEOUTS_BEFORE_LIVENESS = 1

/**
 * The bound of the liveness question (a cheap eth_blockNumber, or a GET of the REST base address,
 * on a connection of its own so it never queues behind the requests that hang). A live node, even a
 * slow one, answers it well within this; one that does not is judged unusable. A longer --timeout
 * than this still bounds every other request.
 */
export const LIVENESS_TIMEOUT_MS = 5000

/**
 * Broken envelopes in a row (no sound answer in between) after which a transport is unusable:
 * answers to well-formed calls whose id is not the call's, that have no id, or that are not a
 * JSON-RPC response at all. Three, so one odd answer (a gateway's error page, a proxy's hiccup)
 * never condemns a transport; a target that does it every time is judged after three requests.
 */
export const BROKEN_ENVELOPES_TO_UNUSABLE = 3

/**
 * Body bytes no answer to a call of one item needs: a block with its transactions, a receipt, a
 * call's return data are all bounded by a block's gas limit, a few MB in hex at most. Only lists
 * (LIST_METHODS) and batches grow with what was asked; a limits search asks for answers of tens of
 * MB on purpose with them.
 */
export const OVERSIZED_ANSWER_BYTES = 16 * 1024 * 1024

/** Methods whose answer is a list that grows with the range asked for, so any size may be right. */
export const LIST_METHODS: ReadonlySet<string> = new Set(['eth_getBlockRange', 'eth_getLogs'])

/**
 * Oversized answers in a row (OVERSIZED_ANSWER_BYTES or more, or refused for their size; no answer
 * of a sensible size in between) to calls of one item, after which a transport is unusable. Each
 * such answer costs seconds and tens of MB to receive and judge, and a target that sends one to every
 * call would hold the run to its --max-time; three, as for broken envelopes, so one odd answer never
 * condemns a transport.
 */
export const OVERSIZED_ANSWERS_TO_UNUSABLE = 3

/** The failure every call on an unusable transport returns, without sending (the run's cross-team contract). */
export interface UnusableFailure {
  code: Extract<HarnessErrorCode, 'L2CONF_ERR_UNUSABLE'>
  message: string
}

/** The failures of a request that got no answer at all: no connection, a connection closed under it, or none in time. */
export const NO_ANSWER_CODES: ReadonlySet<string> = new Set(['L2CONF_ERR_TIMEOUT', 'L2CONF_ERR_UNREACHABLE', 'L2CONF_ERR_CLOSED'])

/** Whether an exchange got no answer at all (NO_ANSWER_CODES): what a silent target leaves behind. */
export function gotNoAnswer(exchange: Exchange | undefined): boolean {
  const code = exchange?.failure?.code as string | undefined
  return code !== undefined && NO_ANSWER_CODES.has(code)
}

/**
 * When and after what a transport's target stopped answering: its liveness question got no answer
 * either (`silent`), or it asked the harness to wait longer than the run may last (`throttled`).
 */
export interface Silence {
  kind: 'silent' | 'throttled'
  /** When the first request that got no answer was sent (ms since the epoch). */
  at: number
  /** That request and what became of it, in words. */
  evidence: string
  /** That request's exchange, when the transport gave it (for the curl line that replays it). */
  exchange: Exchange | undefined
}

/**
 * The health of one transport of a run (requirements RPC-HTTP, RPC-WS, REST-SHAPE: a target that
 * stopped answering, or whose envelope is proven broken, is judged once, not by every check waiting
 * out its time-out). Transports report what each exchange showed; once `unusable` is set it stays,
 * and every later call returns `failure()` at once. Shared by every connection of the transport
 * (the checks that open WebSocket connections of their own share one state).
 */
export class TransportHealth {
  readonly kind: HealthKind
  #unusable: UnusableFailure | undefined
  #timeouts = 0
  #firstTimeout = ''
  #broken = 0
  #firstBroken = ''
  #checking = false
  /** The liveness question being asked, if one is (settled() waits for it). */
  #question: Promise<void> | undefined
  #firstSilent: { at: number; exchange: Exchange | undefined } | undefined
  #silence: Silence | undefined
  #firstBrokenExchange: Exchange | undefined
  /** The exchanges whose answers broke the envelope (each check's findings about them are RPC-ENVELOPE's once it is condemned). */
  readonly #brokenExchanges = new WeakSet<Exchange>()
  #brokenEnvelope: { evidence: string; exchange: Exchange | undefined } | undefined
  #oversized = 0
  #firstOversized = ''
  readonly #listeners = new Set<(failure: UnusableFailure) => void>()

  constructor(kind: HealthKind) {
    this.kind = kind
  }

  /** The failure later calls get, once the transport is judged unusable; undefined while it is usable. */
  get unusable(): UnusableFailure | undefined {
    return this.#unusable
  }

  /**
   * Set when the transport was judged unusable because its answers broke the JSON-RPC envelope: that
   * is RPC-ENVELOPE's finding (the first broken answer its evidence), not a reason to run nothing.
   */
  get brokenEnvelope(): { evidence: string; exchange: Exchange | undefined } | undefined {
    return this.#brokenEnvelope
  }

  /** Whether `exchange` is one whose answer this transport judged a broken envelope. */
  brokeEnvelope(exchange: Exchange): boolean {
    return this.#brokenExchanges.has(exchange)
  }

  /** Set when the transport was judged unusable because its target stopped answering (not for a broken envelope). */
  get silence(): Silence | undefined {
    return this.#silence
  }

  /**
   * Resolves once no liveness question is pending: a check that saw a request get no answer waits for
   * the verdict on the target (bounded by LIVENESS_TIMEOUT_MS) before it is certified, so a request
   * that went unanswered because the target died is told apart from one the target failed alone.
   */
  settled(): Promise<void> {
    return this.#question ?? Promise.resolve()
  }

  /** Judges the transport unusable with its first evidence (later evidence is ignored). */
  markUnusable(evidence: string): void {
    if (this.#unusable !== undefined) return
    const failure: UnusableFailure = { code: 'L2CONF_ERR_UNUSABLE', message: `${this.kind} is unusable: ${evidence}` }
    this.#unusable = failure
    for (const listener of this.#listeners) listener(failure)
    this.#listeners.clear()
  }

  /** Calls `listener` once if the transport becomes unusable (a WebSocket fails its pending calls at once). */
  onUnusable(listener: (failure: UnusableFailure) => void): () => void {
    if (this.#unusable !== undefined) {
      listener(this.#unusable)
      return () => undefined
    }
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Something came back (any answer, even a broken one): the target is not silent. */
  answered(): void {
    this.#timeouts = 0
    this.#firstSilent = undefined
  }

  /**
   * A request got no answer within its time-out. After TIMEOUTS_BEFORE_LIVENESS in a row, `alive`
   * (the transport's liveness question, bounded by LIVENESS_TIMEOUT_MS) decides: no answer to it
   * either makes the transport unusable; an answer starts the count again.
   */
  timedOut(evidence: string, alive: () => Promise<boolean>, exchange?: Exchange): void {
    if (this.#unusable !== undefined || this.#checking) return
    if (this.#timeouts++ === 0) {
      this.#firstTimeout = evidence
      this.#firstSilent = { at: exchange?.startedAt ?? Date.now(), exchange }
    }
    if (this.#timeouts < TIMEOUTS_BEFORE_LIVENESS) return
    this.#checking = true
    const count = this.#timeouts
    const first = this.#firstTimeout
    const firstSilent = this.#firstSilent
    this.#question = alive().then(
      (yes) => {
        this.#checking = false
        this.#question = undefined
        if (yes) {
          this.#timeouts = 0
          return
        }
        this.#silence = { kind: 'silent', at: firstSilent?.at ?? Date.now(), evidence: first, exchange: firstSilent?.exchange }
        this.markUnusable(
          `${count === 1 ? 'a request got no answer' : `${count} requests in a row got no answer, the first`} (${first}), and a liveness request got none within ${LIVENESS_TIMEOUT_MS} ms either`,
        )
      },
      () => {
        this.#checking = false
        this.#question = undefined
      },
    )
  }

  /**
   * The target asked the harness to wait longer than the run may last (a 429 with a far Retry-After):
   * the transport is unusable from now on, and says so as a target that stopped answering does.
   */
  throttled(evidence: string, exchange: Exchange | undefined): void {
    if (this.#unusable !== undefined) return
    this.#silence = { kind: 'throttled', at: exchange?.startedAt ?? Date.now(), evidence, exchange }
    this.markUnusable(evidence)
  }

  /** A request got no answer because the connection failed (refused, reset, closed under it): judged like a time-out. */
  noConnection(evidence: string, alive: () => Promise<boolean>, exchange?: Exchange): void {
    this.timedOut(evidence, alive, exchange)
  }

  /** An answer whose envelope is broken (wrong or no id, not a JSON-RPC response): unusable after BROKEN_ENVELOPES_TO_UNUSABLE in a row. */
  envelopeBroken(evidence: string, exchange?: Exchange): void {
    this.#timeouts = 0
    if (exchange !== undefined) this.#brokenExchanges.add(exchange)
    if (this.#unusable !== undefined) return
    if (this.#broken++ === 0) {
      this.#firstBroken = evidence
      this.#firstBrokenExchange = exchange
    }
    if (this.#broken >= BROKEN_ENVELOPES_TO_UNUSABLE) {
      const said = `${this.#broken} answers in a row had a broken JSON-RPC envelope; the first: ${this.#firstBroken}`
      this.#brokenEnvelope = { evidence: said, exchange: this.#firstBrokenExchange }
      this.markUnusable(said)
    }
  }

  /**
   * The size of an answer to a call of one item: `evidence` when it was oversized (OVERSIZED_ANSWER_BYTES
   * or more, or refused for its size), null when its size was sensible. Unusable after
   * OVERSIZED_ANSWERS_TO_UNUSABLE oversized answers in a row.
   */
  answerSized(evidence: string | null): void {
    if (evidence === null) {
      this.#oversized = 0
      return
    }
    if (this.#unusable !== undefined) return
    if (this.#oversized++ === 0) this.#firstOversized = evidence
    if (this.#oversized >= OVERSIZED_ANSWERS_TO_UNUSABLE)
      this.markUnusable(
        `${this.#oversized} answers in a row to calls of one item were oversized (${OVERSIZED_ANSWER_BYTES / 1048576} MiB or more, or refused for their size); the first: ${this.#firstOversized}`,
      )
  }

  /** A sound answer: the envelope count starts again. */
  envelopeSound(): void {
    this.#timeouts = 0
    this.#firstSilent = undefined
    this.#broken = 0
  }
}

/** How many samples of unsolicited frames a run keeps (the count is exact), and how long each. */
const UNSOLICITED_SAMPLES = 3
const UNSOLICITED_SAMPLE_CHARS = 300

/** Frames of one kind that a WebSocket target sent unasked: how many, on how many connections, and a few samples. */
export interface UnsolicitedTally {
  count: number
  connections: number
  samples: string[]
}

/**
 * The count of unsolicited WebSocket frames over a run (issue: unsolicited frames are a finding;
 * JSON-RPC 2.0 section 5 and the subscription protocol): `responses` answer ids never sent,
 * `notifications` belong to subscriptions never opened, or already cancelled. Bounded whatever the
 * flood: counts and a few truncated samples.
 */
export class UnsolicitedFrames {
  readonly responses: UnsolicitedTally = { count: 0, connections: 0, samples: [] }
  readonly notifications: UnsolicitedTally = { count: 0, connections: 0, samples: [] }
  /** Told of every frame counted (a transcript keeps them, so `l2conf check` counts them again). */
  onAdd: ((kind: 'responses' | 'notifications', text: string, firstOnConnection: boolean) => void) | undefined

  /** Counts one frame; `firstOnConnection` when it is the first of its kind on its connection. */
  add(kind: 'responses' | 'notifications', text: string, firstOnConnection: boolean): void {
    this.onAdd?.(kind, text, firstOnConnection)
    const tally = this[kind]
    tally.count++
    if (firstOnConnection) tally.connections++
    if (tally.samples.length < UNSOLICITED_SAMPLES)
      tally.samples.push(text.length > UNSOLICITED_SAMPLE_CHARS ? `${text.slice(0, UNSOLICITED_SAMPLE_CHARS)}…` : text)
  }
}

/**
 * The shared state of every transport of a run: each one's health, the bytes held from the target
 * across all exchanges in flight, and what the WebSocket connections received unasked.
 */
export class RunHealth {
  readonly http = new TransportHealth('http')
  readonly ws = new TransportHealth('ws')
  readonly rest = new TransportHealth('rest')
  readonly bytes = new ByteBudget()
  readonly unsolicited = new UnsolicitedFrames()

  /** The target asked to wait longer than the run may last: every transport of the run is done with it. */
  throttled(evidence: string, exchange: Exchange | undefined): void {
    for (const health of [this.http, this.ws, this.rest]) health.throttled(evidence, exchange)
  }
}
