import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { packageRoot } from '../packageLayout.js'
import { HarnessError } from '../errors/harnessError.js'
import { prepareReportDir } from '../report/reportDirectory.js'
import { copyOutputs, prepareOutputs } from '../report/reportOutputs.js'
import type { Report } from '../report/result.js'
import { writeReports } from '../report/writeReports.js'
import { executeRun } from '../run/executeRun.js'
import { prepareRun } from '../run/prepareRun.js'
import { parseRunArgs } from '../run/runConfig.js'
import { certifyArgv, type CertifyOptions } from './certifyArgv.js'

/** How certify() talks while it runs: nothing unless asked. */
export interface CertifyHooks {
  /** Notices `l2conf run` prints on stderr (the reference starting, the target, safety notices), redacted. */
  onNotice?: (line: string) => void
}

/**
 * Certifies a target as `l2conf run` does (the same code: prepareRun, executeRun) and resolves with the
 * report, the same object report.json holds (redacted; `verdict` and `exitCode` say how it went). Reads
 * no L2CONF_* variables and never exits the process or handles its signals. Writes report.json,
 * junit.xml and report.html only where `reportDir` (or `junit`, `json`, `html`) says.
 * Rejects with HarnessError L2CONF_ERR_USAGE for what `l2conf run` refuses with exit 2 (a bad option,
 * spec, selection or path); an unreachable target resolves, with exitCode 3.
 *
 * @example const report = await certify({ rpc: 'http://127.0.0.1:8545', only: ['RANGE-*'], seed: 42 })
 */
export async function certify(options: CertifyOptions = {}, hooks: CertifyHooks = {}): Promise<Report> {
  const parsed = parseRunArgs(certifyArgv(options), {
    openrpc: join(packageRoot, 'openrpc.json'),
    openapi: join(packageRoot, 'openapi.yaml'),
    env: {},
    implicitTarget: 'refuse',
  })
  if (parsed === 'help') throw new HarnessError('L2CONF_ERR_USAGE', 'certify(): no help option')
  const prepared = await prepareRun(parsed, packageRoot)
  const { config } = prepared
  if (config.reportDir !== null) prepareReportDir(resolve(config.reportDir))
  prepareOutputs(config.outputs)
  const say = (line: string): void => hooks.onNotice?.(prepared.redact(line))
  const outcome = await executeRun(prepared, packageRoot, { say, inform: say, progress: null, handleSignals: false })
  const wantsOutputs = Object.values(config.outputs).some((path) => path !== null)
  if (config.reportDir !== null) {
    await copyOutputs(await writeReports(outcome.report, resolve(config.reportDir)), config.outputs)
  } else if (wantsOutputs) {
    // The forms are rendered once, in a scratch directory, then copied where asked.
    const scratch = await mkdtemp(join(tmpdir(), 'l2conf-certify-'))
    try {
      await copyOutputs(await writeReports(outcome.report, scratch), config.outputs)
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  }
  return outcome.report
}
