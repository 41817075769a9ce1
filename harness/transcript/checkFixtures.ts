import { basename, join, relative } from 'node:path'
import { packageRoot, toolInfo } from '../cli/packageInfo.js'
import type { CheckResult, JudgedExchanges } from '../report/result.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { RecordedExchange, TranscriptFile } from './recordedExchange.js'
import { asExchange, recordedEnvelopeFindings, recordedJudgement, requirementOfMethod, type RecordedJudgement } from './judgeRecorded.js'
import { createCoverage } from '../coverage/createCoverage.js'
import { judgedResult, writeJudgedReport } from './judgedReport.js'

/** A fixture file's id: its path in the folder without `.io` (execution-apis: `<method>/<test-name>`). */
function fixtureId(dir: string, path: string): string {
  return relative(dir, path).replace(/\\/g, '/').replace(/\.io$/, '')
}

/** One fixture file judged: its result, and each of its exchanges with what it was judged against. */
export interface JudgedFixture {
  result: CheckResult
  exchanges: Array<{ exchange: RecordedExchange; judgement: RecordedJudgement; passed: boolean }>
}

/** Judges one fixture file: every exchange in it, against the spec; the requirement is its first method's. */
export function judgeFixtureFile(file: TranscriptFile, id: string, spec: OpenRpcSpec, strict: boolean): JudgedFixture {
  const exchanges = file.entries.flatMap((entry) => (entry.kind === 'exchange' ? [entry] : []))
  const first = exchanges[0]?.request
  const method = (Array.isArray(first) ? first[0] : first) as { method?: unknown } | undefined
  const name = typeof method?.method === 'string' ? method.method : 'unknown'
  const known = spec.methods.some((m) => m.name === name)
  const specName = basename(spec.file)
  const judged = exchanges.map((exchange) => {
    const judgement = recordedJudgement(exchange, spec)
    const findings = judgement.findings.map((f) => ({ ...f, message: `line ${exchange.line}: ${f.message}` }))
    if (exchange.response === undefined) findings.push({ message: `line ${exchange.line}: the request has no "<<" answer` })
    return { exchange, judgement, findings }
  })
  const findings = judged.flatMap((one) => one.findings)
  const notes = [`${exchanges.length} exchange(s) judged offline`]
  // Every method the spec lacks, the first or a later one, is said: its exchanges were judged on the envelope only.
  const unknown = [...new Set(judged.flatMap((one) => one.judgement.unknownMethods))]
  for (const missing of unknown) {
    const count = judged.filter((one) => one.judgement.unknownMethods.includes(missing)).length
    notes.push(
      `${missing} is not in ${specName}: ${count === exchanges.length ? 'judged' : `${count} of the ${exchanges.length} exchanges judged`} for the JSON-RPC envelope only`,
    )
  }
  if (file.comments.some((c) => /^speconly\b/.test(c))) notes.push('speconly: the answer is judged against the spec, not compared by value')
  // A broken envelope is RPC-ENVELOPE's finding, whatever the method; otherwise the method's own requirement judges the file.
  const envelopeBroken = exchanges.some((exchange) => recordedEnvelopeFindings(exchange).length > 0)
  const requirement = envelopeBroken || !known ? 'RPC-ENVELOPE' : requirementOfMethod(name)
  return {
    result: judgedResult({ id, requirement, level: 'MUST', title: file.comments[0] ?? `${name} fixture` }, findings, notes, strict),
    exchanges: judged.map(({ exchange, judgement, findings: own }) => ({ exchange, judgement, passed: own.length === 0 })),
  }
}

/** Judges one fixture file: every exchange in it, against the spec; the requirement is its first method's. */
export function judgeFixture(file: TranscriptFile, id: string, spec: OpenRpcSpec, strict: boolean): CheckResult {
  return judgeFixtureFile(file, id, spec, strict).result
}

/** What the exchanges of judged fixture files were judged against, counted (report.json's `judged`). */
export function tallyJudged(fixtures: readonly JudgedFixture[]): JudgedExchanges {
  const tally: JudgedExchanges = {
    files: { total: fixtures.length, envelopeOnly: 0 },
    exchanges: {
      total: 0,
      againstSpec: { total: 0, passed: 0, failed: 0, errorAnswers: 0 },
      envelopeOnly: { total: 0, passed: 0, failed: 0, methods: [] },
    },
  }
  const methods = new Set<string>()
  for (const fixture of fixtures) {
    if (!fixture.exchanges.some((one) => one.judgement.basis === 'spec')) tally.files.envelopeOnly++
    for (const { judgement, passed } of fixture.exchanges) {
      if (judgement.basis === 'none') continue
      const kind = judgement.basis === 'spec' ? tally.exchanges.againstSpec : tally.exchanges.envelopeOnly
      kind.total++
      if (passed) kind.passed++
      else kind.failed++
      tally.exchanges.total++
      if (judgement.basis === 'spec') tally.exchanges.againstSpec.errorAnswers += judgement.errorAnswers
      for (const method of judgement.unknownMethods) methods.add(method)
    }
  }
  tally.exchanges.envelopeOnly.methods = [...methods].sort()
  return tally
}

/**
 * `l2conf check` of a folder of execution-apis `.io` fixtures (no transcript.json): each file judged
 * against openrpc.json with the suite's judges, reported per file with the run's reports and exit
 * codes, and with how many exchanges were judged against the spec and how many, their method not
 * being in it, on the envelope only.
 */
export async function checkFixtures(
  files: readonly TranscriptFile[],
  options: { dir: string; openrpc: string | undefined; reportDir: string | undefined; strict: boolean; format?: 'text' | 'json' },
): Promise<number> {
  const startedAt = new Date()
  const [openrpc, openapi] = await Promise.all([
    loadOpenRpc(options.openrpc ?? join(packageRoot, 'openrpc.json')),
    loadOpenApi(join(packageRoot, 'openapi.yaml')),
  ])
  const fixtures = files.filter((f) => f.path.endsWith('.io'))
  const judged = fixtures.map((file) => judgeFixtureFile(file, fixtureId(options.dir, file.path), openrpc, options.strict))
  const coverage = createCoverage({ openrpc, openapi })
  for (const entry of fixtures.flatMap((file) => file.entries)) {
    if (entry.kind === 'exchange') coverage.observe(asExchange(entry))
    else coverage.observeNotification?.(entry.message)
  }
  console.error(`l2conf: judging ${judged.length} fixture file(s) in ${options.dir} offline against ${openrpc.file}`)
  return writeJudgedReport(
    judged.map((fixture) => fixture.result),
    {
      target: { rpc: null, ws: null, rest: null },
      specs: {
        openrpc: { path: openrpc.file, version: openrpc.version, sha256: openrpc.sha256 },
        openapi: { path: openapi.file, version: openapi.version, sha256: openapi.sha256 },
      },
      tool: toolInfo(),
      strict: options.strict,
      reportDir: options.reportDir,
      startedAt,
      // Every file of the folder is judged: fixtures take no --only or --skip.
      selection: { only: [], skip: [] },
      judged: tallyJudged(judged),
      coverage: coverage.result(),
      format: options.format ?? 'text',
    },
  )
}
