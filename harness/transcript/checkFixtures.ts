import { join, relative } from 'node:path'
import { packageRoot, toolInfo } from '../cli/packageInfo.js'
import type { CheckResult } from '../report/result.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { TranscriptFile } from './recordedExchange.js'
import { judgeRecorded, recordedEnvelopeFindings, requirementOfMethod } from './judgeRecorded.js'
import { judgedResult, writeJudgedReport } from './judgedReport.js'

/** A fixture file's id: its path in the folder without `.io` (execution-apis: `<method>/<test-name>`). */
function fixtureId(dir: string, path: string): string {
  return relative(dir, path).replace(/\\/g, '/').replace(/\.io$/, '')
}

/** Judges one fixture file: every exchange in it, against the spec; the requirement is its first method's. */
export function judgeFixture(file: TranscriptFile, id: string, spec: OpenRpcSpec, strict: boolean): CheckResult {
  const exchanges = file.entries.flatMap((entry) => (entry.kind === 'exchange' ? [entry] : []))
  const first = exchanges[0]?.request
  const method = (Array.isArray(first) ? first[0] : first) as { method?: unknown } | undefined
  const name = typeof method?.method === 'string' ? method.method : 'unknown'
  const known = spec.methods.some((m) => m.name === name)
  const findings = exchanges.flatMap((exchange) => judgeRecorded(exchange, spec).map((f) => ({ ...f, message: `line ${exchange.line}: ${f.message}` })))
  const unanswered = exchanges.filter((e) => e.response === undefined)
  for (const exchange of unanswered) findings.push({ message: `line ${exchange.line}: the request has no "<<" answer` })
  const notes = [`${exchanges.length} exchange(s) judged offline`]
  if (!known) notes.push(`${name} is not in openrpc.json: judged for the JSON-RPC envelope only`)
  if (file.comments.some((c) => /^speconly\b/.test(c))) notes.push('speconly: the answer is judged against the spec, not compared by value')
  // A broken envelope is RPC-ENVELOPE's finding, whatever the method; otherwise the method's own requirement judges the file.
  const envelopeBroken = exchanges.some((exchange) => recordedEnvelopeFindings(exchange).length > 0)
  const requirement = envelopeBroken || !known ? 'RPC-ENVELOPE' : requirementOfMethod(name)
  return judgedResult({ id, requirement, level: 'MUST', title: file.comments[0] ?? `${name} fixture` }, findings, notes, strict)
}

/**
 * `l2conf check` of a folder of execution-apis `.io` fixtures (no transcript.json): each file judged
 * against openrpc.json with the suite's judges, reported per file with the run's reports and exit
 * codes.
 */
export async function checkFixtures(files: readonly TranscriptFile[], options: { dir: string; openrpc: string | undefined; reportDir: string | undefined; strict: boolean }): Promise<number> {
  const startedAt = new Date()
  const [openrpc, openapi] = await Promise.all([loadOpenRpc(options.openrpc ?? join(packageRoot, 'openrpc.json')), loadOpenApi(join(packageRoot, 'openapi.yaml'))])
  const results = files.filter((f) => f.path.endsWith('.io')).map((file) => judgeFixture(file, fixtureId(options.dir, file.path), openrpc, options.strict))
  console.error(`l2conf: judging ${results.length} fixture file(s) in ${options.dir} offline against ${openrpc.file}`)
  return writeJudgedReport(results, {
    target: { rpc: null, ws: null, rest: null },
    specs: {
      openrpc: { path: openrpc.file, version: openrpc.version, sha256: openrpc.sha256 },
      openapi: { path: openapi.file, version: openapi.version, sha256: openapi.sha256 },
    },
    tool: toolInfo(),
    strict: options.strict,
    reportDir: options.reportDir,
    startedAt,
  })
}
