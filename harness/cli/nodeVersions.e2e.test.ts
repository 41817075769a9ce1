import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Report } from '../report/result.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import { listedCheckIds } from '../../test/support/listedCheckIds.js'
import { nodeRuntime, OTHER_RUNTIMES } from '../../test/nodes/nodeRuntime.js'
import { runCli } from '../../test/support/runCli.js'

/**
 * The README's main command on the other Node.js releases the package supports: the bin, the CLI,
 * the vitest worker it forks and the bundled reference it spawns all run on the Node.js that runs
 * `l2conf` (each child is started with its process.execPath), so one run per release covers them.
 * The binaries come from the npm registry (test/nodes/nodeRuntime.ts), once, into
 * node_modules/.cache. L2CONF_TEST_RUNTIMES=22.23.3,24.21.0 picks the releases; `none` leaves them
 * out (a machine with no npm registry).
 */
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/l2conf/node-runtimes', import.meta.url))
const chosen = process.env.L2CONF_TEST_RUNTIMES?.trim()
const versions = chosen === 'none' ? [] : chosen === undefined || chosen === '' ? OTHER_RUNTIMES : chosen.split(',').map((v) => v.trim().replace(/^v/, ''))
// The release running the tests is proven by every other e2e file.
const others = versions.filter((version) => `v${version}` !== process.version)

describe.skipIf(others.length === 0)('l2conf run --reference on the other supported Node.js releases', () => {
  it.each(others)('passes every check, strict, on Node.js %s, and says so in report.json', async (version) => {
    const node = await nodeRuntime(version, CACHE)
    const dir = await mkdtemp(join(tmpdir(), `l2conf-node${version.split('.')[0]}-`))
    const run = await runCli(['run', '--reference', '--strict', '--seed', '11', '--report-dir', dir], { node, timeoutMs: 240_000 })
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
    const notPassed = report.results.filter((r) => r.status !== 'passed').map((r) => `${r.status} ${r.id}: ${r.message}`)
    expect(notPassed, run.stdout + run.stderr).toEqual([])
    expect(run.code).toBe(0)
    expect(reportSchemaErrors(report)).toEqual([])
    expect(report).toMatchObject({ verdict: 'pass', exitCode: 0, runtime: { node: `v${version}` } })
    expect(report.results.map((r) => r.id).sort()).toEqual((await listedCheckIds()).sort())
  })
})
