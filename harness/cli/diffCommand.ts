import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { diffHtml } from '../diff/diffHtml.js'
import { diffJunitXml } from '../diff/diffJunitXml.js'
import { diffSummaryLines } from '../diff/diffSummaryLines.js'
import { diffExitCode, type DiffReport } from '../diff/diffReport.js'
import { DIFF_USAGE, parseDiffArgs, type DiffConfig } from '../diff/parseDiffArgs.js'
import { runDiff } from '../diff/runDiff.js'
import { isHarnessError } from '../errors/harnessError.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import { packageRoot, toolInfo } from './packageInfo.js'

function fail(message: string, code: 2 | 3): number {
  console.error(`l2conf diff: ${message}`)
  if (code === 2) console.error(`See 'l2conf diff --help'.`)
  return code
}

async function write(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, text)
}

/**
 * `l2conf diff`: compares two targets' answers to the same requests. Exit 0 they agree;
 * 1 they differ (or the diff was cut short); 2 bad usage, an unreadable spec or a report that cannot
 * be written; 3 a target cannot be reached.
 */
export async function diffCommand(argv: string[]): Promise<number> {
  let config: DiffConfig
  try {
    const parsed = parseDiffArgs(argv, { openrpc: join(packageRoot, 'openrpc.json'), openapi: join(packageRoot, 'openapi.yaml') })
    if (parsed === 'help') {
      console.log(DIFF_USAGE)
      return 0
    }
    config = parsed
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  }
  let specs
  try {
    specs = await Promise.all([loadOpenRpc(resolve(config.openrpc)), loadOpenApi(resolve(config.openapi))])
  } catch (error) {
    if (isHarnessError(error)) return fail(`${error.message} (try 'l2conf lint')`, 2)
    throw error
  }
  const startedAt = new Date()
  const dir = resolve(config.reportDir ?? join('reports', `diff-${startedAt.toISOString().replace(/[:.]/g, '-')}`))
  console.error(`l2conf: comparing A ${config.targets[0].rpc} with B ${config.targets[1].rpc} (seed ${config.seed})`)
  let report: DiffReport
  try {
    report = await runDiff({ ...config, openrpc: specs[0], openapi: specs[1], tool: toolInfo() })
  } catch (error) {
    if (isHarnessError(error, 'L2CONF_ERR_UNREACHABLE')) return fail(error.message, 3)
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  }
  const files = {
    json: resolve(config.json ?? join(dir, 'report.json')),
    junit: resolve(config.junit ?? join(dir, 'junit.xml')),
    html: resolve(config.html ?? join(dir, 'report.html')),
  }
  try {
    await write(files.json, `${JSON.stringify(report, null, 2)}\n`)
    await write(files.junit, diffJunitXml(report))
    await write(files.html, diffHtml(report))
  } catch (error) {
    return fail(`the reports cannot be written: ${(error as Error).message}`, 2)
  }
  console.log(diffSummaryLines(report, Object.values(files)).join('\n'))
  return diffExitCode(report)
}
