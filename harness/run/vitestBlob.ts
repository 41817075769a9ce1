import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { Writable } from 'node:stream'
import { basename, join } from 'node:path'
import { createVitest, ReportersMap, type Reporter, type SerializedError, type TestCase, type TestModule, type TestRunEndReason, type Vitest } from 'vitest/node'
import { HarnessError } from '../errors/harnessError.js'
import { boundReportEvidence } from '../report/boundEvidence.js'
import { applyExpectations, type Expectation } from '../report/expectations.js'
import { verdictOf } from '../report/exitCode.js'
import type { PartialReport } from '../report/mergeReports.js'
import type { CheckResult, Report } from '../report/result.js'
import { summarize } from '../report/summarize.js'
import { runnerOptions } from './conformanceProject.js'
import { orderResults } from './orderResults.js'
import { ResultCollector } from './resultCollector.js'

/** The version of what an l2conf blob adds to vitest's (the `l2confRun` meta); a blob of another version is refused. */
export const BLOB_FORMAT = 1

/**
 * What a sharded run adds to its vitest blob, as the meta of each test module: the run it belongs to.
 * vitest's blob already keeps every test's meta, so each check's result (`l2conf`, redacted like a
 * report) travels as it does from the worker; this says whose results they are.
 */
export interface BlobRun {
  format: typeof BLOB_FORMAT
  /**
   * The shard's report without its results: target, specs, seed, profile and strictness (what decides
   * what merges with what), the shard with the whole run's catalogue, tool, selection and options.
   */
  report: Omit<Report, 'results' | 'summary' | 'verdict' | 'exitCode'>
  /** --expect-failures: the file and its entries, applied to the results read back as the run applied them. */
  expectFailures: { file: string; entries: Expectation[] } | null
  /** Set when vitest's run was cancelled before it ended (a signal, --max-time, --max-failures). */
  cutShort?: string
}

declare module 'vitest' {
  interface TaskMeta {
    /** The run a test module's blob belongs to (a sharded run's blob, `RunBlobReporter`). */
    l2confRun?: BlobRun
  }
}

/** The parts of vitest's task tree a blob holds that may carry a target's words (and so a secret). */
interface RawTask {
  meta: Record<string, unknown>
  result?: { errors?: unknown[]; note?: string }
  tasks?: RawTask[]
}

/**
 * vitest's own blob reporter (`--reporter=blob`), writing `file` when the run ends, with the run it
 * belongs to (`describe`) stamped on each test module's meta and every result, error and note passed
 * through `redact` first: a blob holds no more secret than report.json. vitest's "blob report written"
 * line is not printed (stdout belongs to the run's summary).
 */
export class RunBlobReporter implements Reporter {
  private readonly blob: Reporter

  constructor(
    readonly file: string,
    private readonly describe: (cutShort: boolean) => Promise<Omit<BlobRun, 'format'>>,
    private readonly redact: <T>(value: T) => T,
  ) {
    this.blob = new ReportersMap.blob({ outputFile: file })
  }

  onInit(vitest: Vitest): void {
    this.blob.onInit?.(withoutLog(vitest))
  }

  onCoverage(coverage: unknown): void {
    void this.blob.onCoverage?.(coverage)
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): Promise<void> {
    const run: BlobRun = { format: BLOB_FORMAT, ...(await this.describe(reason === 'interrupted')) }
    const stamped = this.redact(run)
    const tasks = modules.map((module) => (module as unknown as { task: RawTask }).task)
    const results = tasks.flatMap(allTasks).map((task) => task.meta.l2conf as CheckResult | undefined).filter((r) => r !== undefined)
    // One evidence budget per blob, as per report.
    const boundedResults = boundReportEvidence(results)
    const bounded = new Map(results.map((result, i) => [result, boundedResults[i]!]))
    for (const task of tasks) {
      task.meta.l2confRun = stamped
      for (const each of allTasks(task)) {
        const result = each.meta.l2conf as CheckResult | undefined
        if (result !== undefined) each.meta.l2conf = this.redact(bounded.get(result) ?? result)
        if (each.meta.l2confSettled !== undefined) each.meta.l2confSettled = this.redact(boundReportEvidence(each.meta.l2confSettled as CheckResult[]))
        if (each.result?.errors !== undefined) each.result.errors = this.redact(each.result.errors)
        if (each.result?.note !== undefined) each.result.note = this.redact(each.result.note)
      }
    }
    await this.blob.onTestRunEnd?.(modules, this.redact([...errors]), reason)
  }
}

function allTasks(task: RawTask): RawTask[] {
  return [task, ...(task.tasks ?? []).flatMap(allTasks)]
}

/** vitest as the blob reporter sees it, without its log line on stdout. */
function withoutLog(vitest: Vitest): Vitest {
  const logger = new Proxy(vitest.logger, { get: (target, key) => (key === 'log' ? () => undefined : Reflect.get(target, key)) })
  return new Proxy(vitest, { get: (target, key) => (key === 'logger' ? logger : Reflect.get(target, key)) })
}

/** Hands each replayed test to the collector of the blob being read. */
class Router implements Reporter {
  current: ResultCollector | null = null
  /** The modules of the blob being read (vitest's own list holds every blob read so far). */
  readonly modules: TestModule[] = []
  onTestCaseResult(testCase: TestCase): void {
    this.current?.onTestCaseResult(testCase)
  }
  onTestModuleEnd(testModule: TestModule): void {
    this.modules.push(testModule)
    this.current?.onTestModuleEnd(testModule)
  }
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>, reason?: 'passed' | 'failed' | 'interrupted'): void {
    this.current?.onTestRunEnd(modules, errors, reason)
  }
}

/**
 * Reads sharded runs' vitest blobs (RunBlobReporter) back into partial reports for mergeReports,
 * through vitest's own merge (`Vitest.mergeReports`): each blob is replayed, one at a time, to the
 * run's result collector, which rebuilds each check's result from its meta as a run does, and the
 * blob's `l2confRun` says which run they are of. One blob at a time, so each part keeps its source
 * and a blob given twice is named as duplicated checks, as a report.json given twice is.
 * Throws HarnessError L2CONF_ERR_USAGE for a file that is no vitest blob, a blob of another vitest
 * version, or one no l2conf run wrote.
 */
export async function readRunBlobs(files: readonly string[], root: string): Promise<PartialReport[]> {
  if (files.length === 0) return []
  const router = new Router()
  const vitest = await createVitest(
    'test',
    { ...runnerOptions(), watch: false, reporters: [router], passWithNoTests: true },
    { cacheDir: join(root, 'node_modules', '.vite', 'l2conf') },
    { stdout: discard(), stderr: discard() },
  )
  try {
    const parts: PartialReport[] = []
    for (const file of files) parts.push(await readOne(vitest, router, file))
    return parts
  } finally {
    await vitest.close()
  }
}

async function readOne(vitest: Vitest, router: Router, file: string): Promise<PartialReport> {
  // vitest merges every file of a directory: each blob gets one of its own.
  const dir = mkdtempSync(join(tmpdir(), 'l2conf-blob-'))
  const collector = new ResultCollector(null)
  router.current = collector
  router.modules.length = 0
  try {
    try {
      copyFileSync(file, join(dir, basename(file)))
    } catch (error) {
      throw new HarnessError('L2CONF_ERR_USAGE', `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
    }
    try {
      await vitest.mergeReports(dir)
    } catch (error) {
      const reason = ((error as Error).message ?? String(error)).replaceAll(dir, file).split('\n')[0]
      throw new HarnessError('L2CONF_ERR_USAGE', `${file} is not a vitest blob report this l2conf can read: ${reason}`)
    }
  } finally {
    router.current = null
    rmSync(dir, { recursive: true, force: true })
  }
  collector.finish()
  return { source: file, report: reportOfBlob(file, router.modules.map((module) => module.meta().l2confRun), collector) }
}

/** The partial report a blob stands for: its run's header, and the results its tests' meta carried. */
function reportOfBlob(file: string, runs: ReadonlyArray<BlobRun | undefined>, collector: ResultCollector): Report {
  const run = runs[0]
  if (run === undefined || runs.some((each) => each === undefined)) {
    throw new HarnessError('L2CONF_ERR_USAGE', `${file} is a vitest blob report, but not of an l2conf run --shard (its test modules carry no l2conf run)`)
  }
  if (run.format !== BLOB_FORMAT) throw new HarnessError('L2CONF_ERR_USAGE', `${file} is an l2conf blob of format ${String(run.format)}; this l2conf reads format ${BLOB_FORMAT}`)
  if (runs.some((each) => JSON.stringify(each) !== JSON.stringify(run))) throw new HarnessError('L2CONF_ERR_USAGE', `${file} holds test modules of more than one l2conf run`)
  const applied = applyExpectations(orderResults(collector.results), run.expectFailures?.entries ?? [])
  const warnings = [...(run.report.warnings ?? []), ...collector.moduleErrors.map((line) => `a suite failed to load: ${line}`)]
  const report: Report = { ...run.report, summary: summarize(applied.results), results: applied.results }
  delete report.warnings
  if (warnings.length > 0) report.warnings = warnings
  if (run.cutShort !== undefined) report.interrupted = run.cutShort
  const limits = Object.assign({}, ...applied.results.map((r) => r.measured ?? {})) as NonNullable<Report['limits']>
  if (Object.keys(limits).length > 0) report.limits = limits
  if (run.expectFailures !== null) {
    report.expectations = { file: run.expectFailures.file, unexpectedPasses: applied.unexpectedPasses, unmatched: applied.unmatched, expired: applied.expired }
  }
  const verdict = verdictOf(report, { strict: report.strict === true })
  // A suite that failed to load means checks are missing: never a pass (as in the run).
  report.verdict = collector.moduleErrors.length > 0 && verdict === 'pass' ? 'fail' : verdict
  report.exitCode = report.verdict === 'pass' ? 0 : 1
  return report
}

/** Where vitest's own words go while it replays blobs: merge prints its own summary. */
function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() })
}
