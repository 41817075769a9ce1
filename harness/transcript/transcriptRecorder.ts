import { appendFileSync, createWriteStream, existsSync, mkdirSync } from 'node:fs'
import { once } from 'node:events'
import { dirname, join } from 'node:path'
import { setImmediate as turn } from 'node:timers/promises'
import type { DeclaredCheck } from '../run/certify.js'
import type { Exchange } from '../transport/exchange.js'
import { ioExchangeLines, ioHeaderLine, ioNotificationLines } from './ioFormat.js'
import { JsonTextChunks } from './jsonTextChunks.js'
import { StreamMasker } from './streamMasker.js'
import { restExchangeLines } from './restFormat.js'
import { toRecorded } from './toRecorded.js'
import { OUTSIDE_CHECKS, transcriptFiles, UNSOLICITED_CHECK, UNSOLICITED_FILE, UNSOLICITED_LINE } from './transcriptPaths.js'

/** Answers of at least this many bytes are streamed to their file (never one string); smaller ones are written as one line. */
export const STREAMED_ANSWER_BYTES = 1024 * 1024
/** Characters of JSON text written (and masked) at a time while an answer is streamed: a few milliseconds of work each. */
const PIECE_CHARS = 256 * 1024
/** What stands in the lines of an exchange for the answer written apart (a string no JSON answer is). */
const STREAMED = '\u0000l2conf-streamed-answer\u0000'
const STREAMED_LINE = `<< ${JSON.stringify(STREAMED)}`

/**
 * Writes every exchange of a run into a transcript folder (`l2conf run --record DIR`), one file per
 * check (`rpc/<check-id>.io`, `rest/<check-id>.rest`), in the order the answers came, each line
 * masked by the run's redactor (the same as its reports'). Lines are appended as they come, so a run
 * cut short leaves the transcript of what it did. A large answer (STREAMED_ANSWER_BYTES or more) is
 * streamed: its JSON text is written a piece at a time through a write stream, with backpressure,
 * masked as it goes (StreamMasker), the event loop free between pieces; what comes for the same file
 * meanwhile waits its turn, so each file keeps its order. `flushed()` resolves once all is written.
 */
export class TranscriptRecorder {
  readonly #dir: string
  readonly #redact: (text: string) => string
  readonly #started = new Set<string>()
  /** Per file, the writes queued behind a streamed answer (absent: the file is free, lines go at once). */
  readonly #queues = new Map<string, Promise<void>>()

  readonly #headers: boolean

  /** `headers: false` leaves out the `// l2conf-check` line: the folder is then a set of plain fixtures (replay of fixtures). */
  constructor(dir: string, redact: (text: string) => string, options: { headers?: boolean } = {}) {
    this.#dir = dir
    this.#redact = redact
    this.#headers = options.headers ?? true
  }

  /** Files an exchange under `check` (undefined: made outside any check, e.g. a suite's shared setup). */
  exchange(exchange: Exchange, check: DeclaredCheck | undefined): void {
    const recorded = toRecorded(exchange)
    const files = transcriptFiles(this.#dir, check?.id ?? OUTSIDE_CHECKS)
    const file = exchange.protocol === 'rest' ? files.rest : files.rpc
    const streamed = recorded.response !== undefined && (exchange.responseBytes ?? 0) >= STREAMED_ANSWER_BYTES ? recorded.response : undefined
    if (streamed !== undefined) recorded.response = STREAMED
    const lines = exchange.protocol === 'rest' ? restExchangeLines(recorded) : ioExchangeLines(recorded)
    if (streamed === undefined) this.#append(file, check, lines)
    else this.#enqueue(file, () => this.#stream(file, check, lines, streamed))
  }

  /** Files a frame the node pushed (a subscription's notification) under the check that opened the subscription. */
  notification(message: unknown, check: DeclaredCheck | undefined): void {
    this.#append(transcriptFiles(this.#dir, check?.id ?? OUTSIDE_CHECKS).rpc, check, ioNotificationLines(message, Date.now()))
  }

  /**
   * Keeps a WebSocket frame nobody asked for (RPC-WS, RPC-SUBSCRIBE: counted over the whole run) as
   * a `// l2conf-unsolicited` line of `rpc/_unsolicited.io`, so `l2conf check` counts it again.
   */
  unsolicited(kind: 'responses' | 'notifications', text: string, firstOnConnection: boolean): void {
    this.#append(join(this.#dir, 'rpc', UNSOLICITED_FILE), { id: UNSOLICITED_CHECK, requirement: 'RPC-WS', level: 'MUST', title: '' }, [
      `${UNSOLICITED_LINE}${JSON.stringify({ kind, text, firstOnConnection })}`,
    ])
  }

  /** Resolves once every answer being streamed, and every line queued behind one, is written. */
  async flushed(): Promise<void> {
    while (this.#queues.size > 0) await Promise.all(this.#queues.values())
  }

  /** The masked lines, the file's check line first when the file is new. */
  #text(file: string, check: DeclaredCheck | undefined, lines: string[]): string {
    const out: string[] = []
    if (!this.#started.has(file)) {
      this.#started.add(file)
      mkdirSync(dirname(file), { recursive: true })
      if (!existsSync(file) && this.#headers)
        out.push(ioHeaderLine(check === undefined ? { check: OUTSIDE_CHECKS } : { check: check.id, requirement: check.requirement, level: check.level }))
    }
    out.push(...lines)
    return `${out.map((line) => this.#redact(line)).join('\n')}\n`
  }

  #append(file: string, check: DeclaredCheck | undefined, lines: string[]): void {
    if (this.#queues.has(file)) this.#enqueue(file, async () => appendFileSync(file, this.#text(file, check, lines)))
    else appendFileSync(file, this.#text(file, check, lines))
  }

  /** Runs `write` once the file's earlier writes are done; a write that fails is a process warning, as a failing line is. */
  #enqueue(file: string, write: () => Promise<void>): void {
    const queued = (this.#queues.get(file) ?? Promise.resolve())
      .then(write)
      .catch((error: unknown) => process.emitWarning(`the transcript ${file} could not be written: ${String(error)}`, { code: 'L2CONF_TRANSCRIPT' }))
      .then(() => {
        if (this.#queues.get(file) === queued) this.#queues.delete(file)
      })
    this.#queues.set(file, queued)
  }

  /** Writes `lines` with the streamed answer's line (STREAMED_LINE) replaced by its JSON text, a piece at a time. */
  async #stream(file: string, check: DeclaredCheck | undefined, lines: string[], answer: unknown): Promise<void> {
    const at = lines.indexOf(STREAMED_LINE)
    const before = this.#text(file, check, lines.slice(0, at))
    const after = lines.slice(at + 1)
    const out = createWriteStream(file, { flags: 'a' })
    const failed = once(out, 'error').then(([error]) => Promise.reject(error as Error))
    failed.catch(() => undefined)
    const write = async (text: string): Promise<void> => {
      if (text !== '' && !out.write(text)) await Promise.race([once(out, 'drain'), failed])
    }
    try {
      await write(before)
      await write('<< ')
      const masker = new StreamMasker(this.#redact)
      const text = new JsonTextChunks(answer)
      for (let piece = text.next(PIECE_CHARS); piece !== null; piece = text.next(PIECE_CHARS)) {
        await write(masker.push(piece))
        // Between pieces, the run's other work goes on (its time-outs, its other requests).
        await turn()
      }
      await write(`${masker.end()}\n`)
      if (after.length > 0) await write(`${after.map((line) => this.#redact(line)).join('\n')}\n`)
    } finally {
      out.end()
      await Promise.race([once(out, 'close'), failed])
    }
  }
}
