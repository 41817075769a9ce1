import { describe, expect, it } from 'vitest'
import { REDACTED, redactReport } from './redact.js'
import { sampleReport } from './sampleReport.js'

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcaee784d7bf4f2ff80'
const HEADER = 'Bearer sk_live_9f8e7d6c5b4a'

/** A report that leaks both secrets in every way a careless producer might. */
function leakyReport() {
  const report = sampleReport()
  const failed = report.results.find((result) => result.status === 'failed')!
  failed.message = `signed with ${KEY} and sent "Authorization: ${HEADER}"`
  failed.evidence = {
    request: { headers: { authorization: HEADER, [`x-${HEADER}`]: 1 }, body: JSON.stringify({ key: KEY.slice(2) }) },
    response: { echoed: KEY.toUpperCase().replace('0X', '0x'), token: HEADER.split(' ')[1], nested: [[{ deep: `k=${KEY.slice(2)}` }]] },
  }
  failed.reproduce = `curl -H 'Authorization: ${HEADER}' https://user:hunter2@node.example/rpc`
  report.target.rpc = 'https://user:hunter2@node.example/rpc'
  return report
}

describe('redactReport', () => {
  it('leaves no trace of a header value or a private key anywhere in the report', () => {
    const text = JSON.stringify(redactReport(leakyReport(), [HEADER, KEY]))
    expect(text).not.toContain('sk_live_9f8e7d6c5b4a')
    expect(text.toLowerCase()).not.toContain(KEY.slice(2))
    expect(text).not.toContain('hunter2')
    expect(text).toContain(REDACTED)
  })

  it('keeps everything else as it was', () => {
    const redacted = redactReport(leakyReport(), [HEADER, KEY])
    const failed = redacted.results.find((result) => result.status === 'failed')!
    expect(failed.message).toBe(`signed with ${REDACTED} and sent "Authorization: ${REDACTED}"`)
    expect(failed.reproduce).toBe(`curl -H 'Authorization: ${REDACTED}' https://user:${REDACTED}@node.example/rpc`)
    expect(redacted.target.rpc).toBe(`https://user:${REDACTED}@node.example/rpc`)
    expect(redacted.results.filter((result) => result.status !== 'failed')).toEqual(sampleReport().results.filter((result) => result.status !== 'failed'))
    expect(redacted.seed).toBe(424242)
  })

  it('finds a secret in its JSON-escaped and shell-quoted spellings', () => {
    const secret = `it's "quoted"`
    const report = sampleReport()
    report.results[0]!.reproduce = `curl -H 'X-Key: it'\\''s "quoted"'`
    report.results[0]!.message = JSON.stringify({ key: secret })
    const text = JSON.stringify(redactReport(report, [secret]))
    expect(text).not.toContain('quoted')
  })

  it('does not change the report it was given', () => {
    const report = leakyReport()
    const before = JSON.stringify(report)
    redactReport(report, [HEADER, KEY])
    expect(JSON.stringify(report)).toBe(before)
  })

  it('ignores empty secrets', () => {
    expect(redactReport(sampleReport(), ['', '   '])).toEqual(sampleReport())
  })
})

describe('textRedactor over large texts', () => {
  it('masks URL credentials inside a text of megabytes of hex, and leaves the hex as it is', async () => {
    const { textRedactor } = await import('./redact.js')
    const hex = `0x${'ab12'.repeat(1_000_000)}`
    const text = `{"result":"${hex}","from":"https://user:hunter2@rpc.example.org/v1"}`
    const redacted = textRedactor([], [])(text)
    expect(redacted).toBe(`{"result":"${hex}","from":"https://user:${REDACTED}@rpc.example.org/v1"}`)
  })
})
