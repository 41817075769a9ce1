import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node'
import type { CheckResult } from '../report/result.js'
import { INCOMPLETE } from './certify.js'

/** Where progress goes: a live line on a terminal, plain lines in CI (and when output is piped). */
export interface ProgressSink {
  tty: boolean
  write(text: string): void
}

/**
 * A vitest reporter that collects each check's certified result (from the test's meta) and prints
 * progress. A test that failed without a certified result (a crash in a suite file) still becomes a
 * failed result, so nothing that ran is lost from the report.
 */
export class ResultCollector implements Reporter {
  readonly results: CheckResult[] = []
  readonly moduleErrors: string[] = []
  private readonly progress: ProgressSink | null
  /** Checks started in the background (check's `waits`), by id: provisional until their results settle. */
  private readonly inBackground = new Map<string, CheckResult>()

  constructor(progress: ProgressSink | null) {
    this.progress = progress
  }

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta()
    if (meta.l2confBackground === true && meta.l2conf !== undefined) {
      this.inBackground.set(meta.l2conf.id, meta.l2conf)
      return
    }
    for (const result of meta.l2confSettled ?? []) {
      this.inBackground.delete(result.id)
      this.results.push(result)
      this.printProgress(result)
    }
    const certified = meta.l2conf
    const outcome = testCase.result()
    if (certified !== undefined) {
      const error = outcome.state === 'failed' ? outcome.errors?.[0]?.message : undefined
      const result = certified.message === INCOMPLETE && error !== undefined ? { ...certified, message: `${INCOMPLETE}: ${error}` } : certified
      this.results.push(result)
    } else if (outcome.state === 'failed') {
      this.results.push({
        id: `suite.${testCase.name.replace(/\s+/g, '-').slice(0, 60)}`,
        requirement: 'RPC-ENVELOPE',
        level: 'MUST',
        title: testCase.fullName,
        status: 'failed',
        message: `the suite itself failed: ${outcome.errors?.[0]?.message ?? 'unknown error'}`,
        durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
      })
    }
    this.printProgress(certified)
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) this.moduleErrors.push(`${testModule.moduleId}: ${error.message}`)
  }

  /** How vitest says the run ended: 'interrupted' when it was cancelled (a signal, --max-time, or bail after --max-failures). */
  runEnd: 'passed' | 'failed' | 'interrupted' | null = null

  /** Errors outside any test (a suite's setup or module that threw): they must fail the run, never vanish. */
  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason?: 'passed' | 'failed' | 'interrupted'): void {
    for (const error of unhandledErrors) this.moduleErrors.push(`${error.name ?? 'Error'}: ${error.message}`)
    this.runEnd = reason ?? null
  }

  private printProgress(result: CheckResult | undefined): void {
    if (this.progress === null || result === undefined) return
    const counts = { passed: 0, failed: 0, other: 0 }
    for (const r of this.results) {
      if (r.status === 'passed') counts.passed++
      else if (r.status === 'failed') counts.failed++
      else counts.other++
    }
    const line = `${this.results.length} checks: ${counts.passed} passed, ${counts.failed} failed, ${counts.other} other  ${result.status.padEnd(7)} ${result.id}`
    if (this.progress.tty) this.progress.write(`\r\x1b[2K${line.slice(0, (process.stdout.columns ?? 100) - 1)}`)
    // In CI, a line per finding; checks the selection left out are in the report, not worth a line each.
    else if (result.status !== 'passed' && !/^(not selected by --only|skipped by --skip)/.test(result.message)) this.progress.write(`${result.status.toUpperCase()} ${result.requirement} ${result.id}: ${result.message}\n`)
  }

  /**
   * Ends a live progress line so the summary starts on a clean line. A check still in the background
   * (the run was cut short) keeps its provisional result: 'not-run' once the run's results are completed.
   */
  finish(): void {
    this.results.push(...this.inBackground.values())
    this.inBackground.clear()
    if (this.progress?.tty === true && this.results.length > 0) this.progress.write('\r\x1b[2K')
  }
}
