import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { clientMatrix } from './clientMatrix.js'
import { htmlReport } from './htmlReport.js'
import { junitXml } from './junitXml.js'
import type { Report } from './result.js'

/**
 * Writes a run's three reports into `dir` (ARCHITECTURE.md: report.json, junit.xml, report.html),
 * creating the directory. Each file is written under a temporary name and renamed into place once
 * all three are written, so a reader (a CI step, a person refreshing the page) never sees half a
 * file. The report must already be redacted (redactReport). Returns the absolute paths.
 */
export async function writeReports(given: Report, dir: string): Promise<{ json: string; junit: string; html: string }> {
  const target = resolve(dir)
  // The client libraries' matrix is derived from the results, so a merged report gets its own.
  const { clients: _stale, results, ...header } = given
  const matrix = clientMatrix(results)
  const report: Report = matrix === null ? { ...header, results } : { ...header, clients: matrix, results }
  await mkdir(target, { recursive: true })
  const files = {
    json: { path: join(target, 'report.json'), text: `${JSON.stringify(report, null, 2)}\n` },
    junit: { path: join(target, 'junit.xml'), text: junitXml(report) },
    html: { path: join(target, 'report.html'), text: htmlReport(report) },
  }
  const suffix = `.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  const entries = Object.values(files)
  try {
    await Promise.all(entries.map(({ path, text }) => writeFile(`${path}${suffix}`, text, { encoding: 'utf8', mode: 0o644 })))
    for (const { path } of entries) await rename(`${path}${suffix}`, path)
  } catch (error) {
    await Promise.all(entries.map(({ path }) => rm(`${path}${suffix}`, { force: true })))
    throw error
  }
  return { json: files.json.path, junit: files.junit.path, html: files.html.path }
}
