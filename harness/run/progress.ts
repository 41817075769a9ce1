import type { CheckResult } from '../report/result.js'

/** Where progress goes: a live line on a terminal, plain lines in CI (and when output is piped). */
export interface ProgressSink {
  tty: boolean
  write(text: string): void
}

/** Messages of checks the selection left out: they are in the report, not worth a line each. */
const DESELECTED = /^(not selected by --only|skipped by --skip)/

/**
 * Prints a run's progress as each check ends, in whatever order they end: on a terminal one live line
 * (the counts so far and the check that just ended), rewritten in place; elsewhere one line per check
 * that did not pass, whole, so a CI log reads the same however the checks interleaved.
 */
export class ProgressPrinter {
  readonly #sink: ProgressSink | null
  readonly #counts = { ended: 0, passed: 0, failed: 0, other: 0 }
  #live = false

  constructor(sink: ProgressSink | null) {
    this.#sink = sink
  }

  /** A check ended with `result`. */
  ended(result: CheckResult): void {
    const counts = this.#counts
    counts.ended++
    if (result.status === 'passed') counts.passed++
    else if (result.status === 'failed') counts.failed++
    else counts.other++
    if (this.#sink === null) return
    const line = `${counts.ended} checks: ${counts.passed} passed, ${counts.failed} failed, ${counts.other} other  ${result.status.padEnd(7)} ${result.id}`
    if (this.#sink.tty) {
      this.#sink.write(`\r\x1b[2K${line.slice(0, (process.stdout.columns ?? 100) - 1)}`)
      this.#live = true
    } else if (result.status !== 'passed' && !DESELECTED.test(result.message)) {
      this.#sink.write(`${result.status.toUpperCase()} ${result.requirement} ${result.id}: ${result.message}\n`)
    }
  }

  /** Ends a live progress line so the summary starts on a clean line. */
  finish(): void {
    if (this.#live) this.#sink?.write('\r\x1b[2K')
    this.#live = false
  }
}
