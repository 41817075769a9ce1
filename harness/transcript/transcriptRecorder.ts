import { appendFileSync, existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { DeclaredCheck } from '../run/certify.js'
import type { Exchange } from '../transport/exchange.js'
import { ioExchangeLines, ioHeaderLine, ioNotificationLines } from './ioFormat.js'
import { restExchangeLines } from './restFormat.js'
import { toRecorded } from './toRecorded.js'
import { OUTSIDE_CHECKS, transcriptFiles, UNSOLICITED_CHECK, UNSOLICITED_FILE, UNSOLICITED_LINE } from './transcriptPaths.js'

/**
 * Writes every exchange of a run into a transcript folder (`l2conf run --record DIR`), one file per
 * check (`rpc/<check-id>.io`, `rest/<check-id>.rest`), in the order the answers came, each line
 * masked by the run's redactor (the same as its reports'). Lines are appended as they come, so a run
 * cut short leaves the transcript of what it did.
 */
export class TranscriptRecorder {
  readonly #dir: string
  readonly #redact: (text: string) => string
  readonly #started = new Set<string>()

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
    if (exchange.protocol === 'rest') this.#append(files.rest, check, restExchangeLines(recorded))
    else this.#append(files.rpc, check, ioExchangeLines(recorded))
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

  #append(file: string, check: DeclaredCheck | undefined, lines: string[]): void {
    const out: string[] = []
    if (!this.#started.has(file)) {
      this.#started.add(file)
      mkdirSync(dirname(file), { recursive: true })
      if (!existsSync(file) && this.#headers)
        out.push(ioHeaderLine(check === undefined ? { check: OUTSIDE_CHECKS } : { check: check.id, requirement: check.requirement, level: check.level }))
    }
    out.push(...lines)
    appendFileSync(file, `${out.map((line) => this.#redact(line)).join('\n')}\n`)
  }
}
