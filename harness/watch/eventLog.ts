import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import type { WatchEvent } from './watchEvent.js'

/** Rotated files kept beside the live one (events.jsonl.1 the newest ... .N the oldest). */
export const ROTATED_KEPT = 5

/**
 * The watch's events file: one JSON value per line, appended synchronously (an event is on disk
 * before the watch goes on, so a killed watcher loses none), rotated once it passes `maxBytes`:
 * `FILE` becomes `FILE.1`, `FILE.1` becomes `FILE.2`... and the oldest past `ROTATED_KEPT` goes.
 * The text of each line goes through `redact` first.
 */
export class EventLog {
  readonly path: string
  readonly #maxBytes: number
  readonly #redact: (text: string) => string
  #bytes: number
  /** Lines written over the watch's life (all files). */
  written = 0

  constructor(path: string, maxBytes: number, redact: (text: string) => string = (text) => text) {
    this.path = path
    this.#maxBytes = maxBytes
    this.#redact = redact
    mkdirSync(dirname(path), { recursive: true })
    this.#bytes = existsSync(path) ? statSync(path).size : 0
  }

  /** Appends one event as a line, rotating first when the line would take the file past its bound. */
  append(event: WatchEvent): void {
    const line = `${this.#redact(JSON.stringify(event))}\n`
    const bytes = Buffer.byteLength(line)
    if (this.#bytes > 0 && this.#bytes + bytes > this.#maxBytes) this.#rotate()
    appendFileSync(this.path, line)
    this.#bytes += bytes
    this.written++
  }

  #rotate(): void {
    rmSync(`${this.path}.${ROTATED_KEPT}`, { force: true })
    for (let n = ROTATED_KEPT - 1; n >= 1; n--) if (existsSync(`${this.path}.${n}`)) renameSync(`${this.path}.${n}`, `${this.path}.${n + 1}`)
    renameSync(this.path, `${this.path}.1`)
    this.#bytes = 0
  }
}
