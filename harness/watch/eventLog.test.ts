import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EventLog, ROTATED_KEPT } from './eventLog.js'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('EventLog', () => {
  it('writes one JSON value per line, redacted', () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2conf-events-'))
    dirs.push(dir)
    const log = new EventLog(join(dir, 'events.jsonl'), 1 << 20, (text) => text.replaceAll('s3cret', '[REDACTED]'))
    log.append({ at: 'a', kind: 'violation', message: 'token s3cret' })
    log.append({ at: 'b', kind: 'cycle', message: 'two' })
    const lines = readFileSync(join(dir, 'events.jsonl'), 'utf8').trim().split('\n')
    expect(lines.map((line) => JSON.parse(line) as { message: string })).toMatchObject([{ message: 'token [REDACTED]' }, { message: 'two' }])
  })

  it('rotates by size and keeps a bounded number of files, the newest lines in the live file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2conf-events-'))
    dirs.push(dir)
    const log = new EventLog(join(dir, 'events.jsonl'), 200)
    for (let i = 0; i < 100; i++) log.append({ at: String(i), kind: 'violation', message: 'x'.repeat(50) })
    const files = readdirSync(dir).sort()
    expect(files).toEqual(['events.jsonl', ...Array.from({ length: ROTATED_KEPT }, (_, n) => `events.jsonl.${n + 1}`)].sort())
    const live = readFileSync(join(dir, 'events.jsonl'), 'utf8').trim().split('\n')
    expect(JSON.parse(live.at(-1)!)).toMatchObject({ at: '99' })
    for (const file of files) expect(readFileSync(join(dir, file)).length).toBeLessThanOrEqual(200)
    expect(log.written).toBe(100)
  })
})
