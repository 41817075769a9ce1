import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Report } from '../report/result.js'
import { runCli } from '../testing/runCli.js'
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

/**
 * Certifies one variant with `l2conf run --profile full --strict` (the mutant catalogue's e2e run):
 * every SHOULD counts, so a MUST-level variant that also trips a SHOULD check is seen as over-caught.
 */
export async function runMutant(name: string, urls: MutantUrls, options: MutantRunOptions): Promise<MutantRun> {
  const dir = join(options.reportDir, name)
  const args = [
    'run', '--rpc', urls.rpc, '--ws', urls.ws, '--rest', urls.rest,
    '--profile', 'full', '--private-key', options.privateKey,
    '--seed', String(options.seed), '--runs', String(options.runs), '--strict',
    '--report-dir', dir, ...(options.extraArgs ?? []),
  ]
  // The target comes from the flags only: no L2CONF_* variable of the caller's environment leaks in.
  const env = Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('L2CONF_')).map((k) => [k, undefined]))
  const started = Date.now()
  let exitCode: number | null = null
  let output = ''
  try {
    const run = await runCli(args, { timeoutMs: options.timeoutMs ?? 180_000, env: { ...env, NO_COLOR: '1' } })
    exitCode = run.code
    output = `${run.stdout}\n${run.stderr}`
  } catch (error) {
    output = (error as Error).message
  }
  let report: Report | null = null
  try {
    report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report
  } catch {
    report = null
  }
  return { name, exitCode, report, output: output.replaceAll(options.privateKey, '<key>'), durationMs: Date.now() - started }
}
