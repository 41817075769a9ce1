import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../report/result.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import { listedCheckIds } from '../../test/support/listedCheckIds.js'
import { runCli } from '../../test/support/runCli.js'

describe('Ctrl-C while the bundled reference starts', () => {
  it('still ends in a report: every selected check not-run with the reason, verdict interrupted, exit 1', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2conf-sigint-start-'))
    let sent = false
    const run = await runCli(['run', '--reference', '--report-dir', dir], {
      onStart: (child) => {
        child.stderr?.on('data', (chunk: Buffer) => {
          if (!sent && chunk.toString().includes('starting the bundled reference')) {
            sent = true
            child.kill('SIGINT')
          }
        })
      },
    })
    expect(sent).toBe(true)
    expect(run.code, run.stderr).toBe(1)
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
    expect(reportSchemaErrors(report)).toEqual([])
    expect(report).toMatchObject({ verdict: 'interrupted', exitCode: 1, interrupted: 'interrupted by SIGINT' })
    expect(report.results.map((r) => r.id).sort()).toEqual((await listedCheckIds()).sort())
    expect(report.results.every((r) => r.status === 'not-run' && r.message === 'interrupted by SIGINT before this check ran')).toBe(true)
  })
})
