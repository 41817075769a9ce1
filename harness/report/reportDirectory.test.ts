import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { linkLatest, prepareReportDir } from './reportDirectory.js'

describe('prepareReportDir', () => {
  it('creates a writable directory', () => {
    const root = mkdtempSync(join(tmpdir(), 'l2conf-dir-'))
    expect(() => prepareReportDir(join(root, 'a', 'b'))).not.toThrow()
  })
  it('refuses a directory that cannot be written, naming it', () => {
    const root = mkdtempSync(join(tmpdir(), 'l2conf-dir-'))
    writeFileSync(join(root, 'file'), '')
    expect(() => prepareReportDir(join(root, 'file', 'sub'))).toThrow(/--report-dir .*file\/sub cannot be written \(ENOTDIR\)/)
    expect(() => prepareReportDir('/proc/l2conf-reports')).toThrow(/cannot be written/)
  })
})

describe('linkLatest', () => {
  it('points latest at the newest run, replacing the previous one', () => {
    const root = mkdtempSync(join(tmpdir(), 'l2conf-latest-'))
    for (const run of ['run-1', 'run-2']) {
      mkdirSync(join(root, run))
      writeFileSync(join(root, run, 'junit.xml'), run)
      expect(linkLatest(join(root, run))).toBeNull()
    }
    expect(readlinkSync(join(root, 'latest'))).toBe('run-2')
    expect(readFileSync(join(root, 'latest', 'junit.xml'), 'utf8')).toBe('run-2')
  })
})
