import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Report } from '../../harness/report/result.js'
import { runCli } from '../support/runCli.js'
import type { MutantUrls } from './mutantProxy.js'

/** One run of the real suite (the `l2conf` bin, as a child process) against one variant. */
export interface MutantRun {
  name: string
  exitCode: number | null
  /** The run's report.json; null when it wrote none. */
  report: Report | null
  /** stdout and stderr, for the reader when the verdict is not the expected one. */
  output: string
  durationMs: number
}

export interface MutantRunOptions {
  /** The development key the run sends its transactions from (one per lane, so nonces never collide). */
  privateKey: string
  reportDir: string
  seed: number
  runs: number
  /** Extra `l2conf run` options of the variant. */
  extraArgs?: readonly string[]
  /** Bound on the whole child process. */
  timeoutMs?: number
}

/** The flags every variant's run takes (all but the target and the report directory). */
function runFlags(options: MutantRunOptions): string[] {
  return [
    '--profile',
    'full',
    '--private-key',
    options.privateKey,
    '--seed',
    String(options.seed),
    '--runs',
    String(options.runs),
    '--strict',
    ...(options.extraArgs ?? []),
  ]
}

/** The target comes from the flags only: no L2CONF_* variable of the caller's environment leaks in. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.keys(process.env)
      .filter((k) => k.startsWith('L2CONF_'))
      .map((k) => [k, undefined]),
  )
  return { ...env, NO_COLOR: '1' }
}

async function readReport(dir: string): Promise<Report | null> {
  try {
    return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report
  } catch {
    return null
  }
}

/**
 * Certifies one variant with `l2conf run --profile full --strict` (the mutant catalogue's e2e run):
 * every SHOULD counts, so a MUST-level variant that also trips a SHOULD check is seen as over-caught.
 */
export async function runMutant(name: string, urls: MutantUrls, options: MutantRunOptions): Promise<MutantRun> {
  const dir = join(options.reportDir, name)
  const args = ['run', '--rpc', urls.rpc, '--ws', urls.ws, '--rest', urls.rest, ...runFlags(options), '--report-dir', dir]
  const started = Date.now()
  let exitCode: number | null = null
  let output = ''
  try {
    const run = await runCli(args, { timeoutMs: options.timeoutMs ?? 180_000, env: cleanEnv() })
    exitCode = run.code
    output = `${run.stdout}\n${run.stderr}`
  } catch (error) {
    output = (error as Error).message
  }
  const report = await readReport(dir)
  return { name, exitCode, report, output: output.replaceAll(options.privateKey, '<key>'), durationMs: Date.now() - started }
}

/**
 * Certifies several variants with one `l2conf run --targets FILE` (a fleet of them, the same flags as
 * runMutant's): the CLI starts once for all of them instead of once each (1.4 s of CPU less per
 * variant on 2 cores), and each variant's report is the one its own run would write, in
 * `<reportDir>/<fleet>/<name>/`. A variant's exit code is the one its report records (what `l2conf run`
 * exits with for that target alone); its output is the fleet's stderr from its own "fleet target" line
 * to the next (the whole stderr when it has no such part), with the fleet's summary table.
 */
export async function runMutantFleet(
  fleet: string,
  variants: ReadonlyArray<{ name: string; urls: MutantUrls }>,
  options: MutantRunOptions,
): Promise<MutantRun[]> {
  const dir = join(options.reportDir, fleet)
  await mkdir(options.reportDir, { recursive: true })
  const targetsFile = join(options.reportDir, `${fleet}.yaml`)
  // JSON is YAML: no quoting of names or addresses to get wrong.
  await writeFile(targetsFile, JSON.stringify({ targets: variants.map(({ name, urls }) => ({ name, ...urls })) }, null, 2))
  const started = Date.now()
  let stdout = ''
  let stderr = ''
  try {
    const run = await runCli(['run', '--targets', targetsFile, ...runFlags(options), '--report-dir', dir], {
      timeoutMs: (options.timeoutMs ?? 180_000) * variants.length,
      env: cleanEnv(),
    })
    stdout = run.stdout
    stderr = `${run.stderr}\n(the fleet exited ${run.code ?? run.signal})`
  } catch (error) {
    stderr = (error as Error).message
  }
  const wall = Date.now() - started
  const sections = fleetSections(stderr, variants.length)
  return Promise.all(
    variants.map(async ({ name }, index) => {
      const report = await readReport(join(dir, name))
      // A target with no section of its own (never reached, or the fleet timed out) is shown the whole stderr.
      const output = `${sections[index] || stderr}\n${stdout}`.replaceAll(options.privateKey, '<key>')
      return { name, exitCode: report?.exitCode ?? null, report, output, durationMs: report?.durationMs ?? Math.round(wall / variants.length) }
    }),
  )
}

/** A fleet's stderr cut at its "l2conf: fleet target i of n" lines: the i-th part is target i's (empty for a target never reached). */
function fleetSections(stderr: string, count: number): string[] {
  const sections: string[] = Array.from({ length: count }, () => '')
  let current = -1
  for (const line of stderr.split('\n')) {
    const start = /^l2conf: fleet target (\d+) of \d+: /.exec(line)
    if (start !== null) current = Number(start[1]) - 1
    if (current >= 0 && current < count) sections[current] += `${line}\n`
  }
  return sections
}
