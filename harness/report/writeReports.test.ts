import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { redactReport } from './redact.js'
import { sampleReport } from './sampleReport.js'
import { writeReports } from './writeReports.js'

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcaee784d7bf4f2ff80'
const HEADER = 'Bearer sk_live_9f8e7d6c5b4a'

describe('writeReports', () => {
  it('creates the directory and writes the three reports, with no temporary file left', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'l2conf-reports-')), 'reports', '2026-11-20T10-15-00')
    const report = sampleReport()
    const paths = await writeReports(report, dir)
    expect(paths).toEqual({ json: join(dir, 'report.json'), junit: join(dir, 'junit.xml'), html: join(dir, 'report.html') })
    expect(readdirSync(dir).sort()).toEqual(['junit.xml', 'report.html', 'report.json'])
    expect(JSON.parse(readFileSync(paths.json, 'utf8'))).toEqual(report)
    expect(readFileSync(paths.junit, 'utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /)
    expect(readFileSync(paths.html, 'utf8')).toMatch(/^<!DOCTYPE html>/)
  })

  it('replaces the reports of an earlier run in the same directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2conf-reports-'))
    writeFileSync(join(dir, 'report.json'), '{"stale": true}')
    await writeReports(sampleReport({ seed: 7 }), dir)
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).seed).toBe(7)
  })

  it('fails plainly when the directory cannot be made', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'l2conf-reports-')), 'a-file')
    writeFileSync(file, '')
    await expect(writeReports(sampleReport(), join(file, 'sub'))).rejects.toThrow(/ENOTDIR|EEXIST/)
  })

  it('writes no header secret and no private key into any of the three files', async () => {
    const report = sampleReport()
    const failed = report.results.find((result) => result.status === 'failed')!
    failed.evidence = {
      request: { headers: { authorization: HEADER }, signer: KEY },
      response: { echo: KEY.slice(2).toUpperCase(), token: 'sk_live_9f8e7d6c5b4a' },
    }
    failed.reproduce = `curl -H 'Authorization: ${HEADER}' http://127.0.0.1:8545`
    failed.message = `signed with key ${KEY.slice(2)}`
    report.warnings = [`sending Authorization: ${HEADER}`]
    const dir = mkdtempSync(join(tmpdir(), 'l2conf-reports-'))
    const paths = await writeReports(redactReport(report, [HEADER, KEY]), dir)
    for (const path of Object.values(paths)) {
      const text = readFileSync(path, 'utf8')
      expect(text).not.toContain('sk_live_9f8e7d6c5b4a')
      expect(text.toLowerCase()).not.toContain(KEY.slice(2))
      expect(text).toContain('[REDACTED]')
    }
  })
})
