import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { HarnessError, isHarnessError } from '../errors/harnessError.js'
import { createCoverage, type CoverageRecorder } from '../coverage/createCoverage.js'
import { textRedactor } from '../report/redact.js'
import type { CheckResult, Level, RequirementId } from '../report/result.js'
import type { UntypedFinding } from '../checks/finding.js'
import { parseHeaders } from '../run/runConfig.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'
import { HttpTransport } from '../transport/httpTransport.js'
import { maskUrl, urlSecrets } from '../transport/maskUrl.js'
import { RequestGate } from '../transport/requestGate.js'
import { RestClient } from '../transport/restClient.js'
import type { TransportOptions } from '../transport/transportOptions.js'
import { WsTransport } from '../transport/wsTransport.js'
import { asExchange, judgeRecorded, requirementOfMethod } from '../transcript/judgeRecorded.js'
import { judgedResult, writeJudgedReport } from '../transcript/judgedReport.js'
import { readManifest, writeManifest } from '../transcript/manifest.js'
import { readTranscriptFiles } from '../transcript/readTranscript.js'
import type { RecordedExchange, TranscriptFile } from '../transcript/recordedExchange.js'
import { prepareRecordDir } from '../transcript/recordRun.js'
import { ReplayComparison } from '../transcript/replayDifference.js'
import { resendExchange, type ReplayTargets, type SubscriptionIds } from '../transcript/resendExchange.js'
import { TranscriptRecorder } from '../transcript/transcriptRecorder.js'
import { OUTSIDE_CHECKS } from '../transcript/transcriptPaths.js'
import { deselectionReason } from '../run/selection.js'
import { packageRoot, toolInfo } from './packageInfo.js'

export const REPLAY_USAGE = `Usage: l2conf replay DIR --rpc URL [--ws URL] [--rest URL] [options]

Sends the requests of a transcript (a folder written by 'l2conf run --record DIR', or execution-apis
'.io' fixtures) to another target, one after another in the recorded order and at the recorded pace
(so it takes about as long as the recorded run). Writes the answers as a new
transcript, judges each answer against openrpc.json (as 'l2conf check' judges fixtures: the envelope,
the result against the method's result schema, the error's shape) and reports where the answers
differ from the recording. What legitimately differs is set aside: the moving head (eth_blockNumber,
rollup_getInfo, gas prices, blocks named latest or pending), a transaction not yet mined, the fields a
node fills differently each time it builds the same chain (timestamp, hash, parentHash, blockHash,
stateRoot, receiptsRoot, logsBloom, size), subscription ids, the client version; errors are compared
by code, never by message. A check fails (MUST) or warns (SHOULD) by its recorded requirement.

Target:
  --rpc URL               the JSON-RPC address over HTTP(S)
  --ws URL                its WebSocket address (WebSocket exchanges are left out without it)
  --rest URL              the treasury REST base address (REST exchanges are left out without it)
Options:
  --only GLOB             replay only the checks whose id or requirement matches (repeatable)
  --skip GLOB             leave out the checks whose id or requirement matches (repeatable)
  --openrpc FILE          judge against another openrpc.json than the bundled one
  --timeout MS            bound on each request (default 10000)
  --header 'Name: value'  sent with every request (repeatable); never written into a report or transcript
  --strict                SHOULD-level failures fail too
  --report-dir DIR        where the reports go (default reports/replay-<timestamp>/)
  --record DIR            where the new transcript goes (default <report-dir>/transcript; new or empty)

Exit codes: 0 every MUST check passed; 1 a check failed; 2 bad usage, a folder that is not a
transcript, a corrupt line (named by file and line); 3 the target could not be reached.

Examples:
  l2conf replay transcripts/ref --rpc http://127.0.0.1:8545 --ws ws://127.0.0.1:8545 --rest http://127.0.0.1:3000/api
  l2conf replay transcripts/ref --rpc https://staging.example.org --skip LIMITS`

const OPTIONS = {
  rpc: { type: 'string' },
  ws: { type: 'string' },
  rest: { type: 'string' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  openrpc: { type: 'string' },
  timeout: { type: 'string' },
  header: { type: 'string', multiple: true },
  strict: { type: 'boolean' },
  'report-dir': { type: 'string' },
  record: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

function usage(message: string): HarnessError {
  return new HarnessError('L2CONF_ERR_USAGE', message)
}

function checkUrl(text: string | undefined, flag: string, schemes: string[]): string | null {
  if (text === undefined) return null
  let parsed: URL
  try {
    parsed = new URL(text)
  } catch {
    throw usage(`${flag} is not a URL: '${maskUrl(text)}'`)
  }
  if (!schemes.includes(parsed.protocol)) throw usage(`${flag} must be a ${schemes.map((s) => s.replace(':', '')).join(' or ')} URL, got '${maskUrl(text)}'`)
  return text
}

/** A recorded check to replay: its id, requirement and level (from its files' header), and its exchanges in order. */
interface ReplayedCheck {
  id: string
  requirement: RequirementId
  level: Level
  exchanges: RecordedExchange[]
}

/** The recorded checks of a folder (a fixture file without a header is a check named by its path in the folder). */
function checksOf(files: readonly TranscriptFile[], dir: string): ReplayedCheck[] {
  const byId = new Map<string, ReplayedCheck>()
  for (const file of files) {
    const id =
      file.header?.check ??
      relative(dir, file.path)
        .replace(/\\/g, '/')
        .replace(/\.(io|rest)$/, '')
    const first = file.entries.find((entry) => entry.kind === 'exchange')?.request as { method?: unknown } | undefined
    const requirement = (file.header?.requirement ?? requirementOfMethod(typeof first?.method === 'string' ? first.method : '')) as RequirementId
    const check = byId.get(id) ?? { id, requirement, level: (file.header?.level ?? 'MUST') as Level, exchanges: [] }
    byId.set(id, check)
    // Exchanges never sent live (the transport was judged unusable) have nothing to compare.
    for (const entry of file.entries) if (entry.kind === 'exchange' && entry.failure?.code !== 'L2CONF_ERR_UNUSABLE') check.exchanges.push(entry)
  }
  return [...byId.values()].filter((check) => check.id !== OUTSIDE_CHECKS && check.exchanges.length > 0)
}

/** What one check's replay gathers: findings, how many requests went out and how many were left out. */
interface CheckTally {
  findings: UntypedFinding[]
  sent: number
  leftOut: number
  ids: SubscriptionIds
  socket: Promise<WsTransport | null> | undefined
  /** Why the check's WebSocket could not be opened, when it could not. */
  wsError?: string
}

/** Sends one recorded exchange again and judges the answer: spec findings and the difference from the recording. */
async function replayOne(
  recorded: RecordedExchange,
  check: ReplayedCheck,
  tally: CheckTally,
  targets: ReplayTargets,
  spec: OpenRpcSpec,
  recorder: TranscriptRecorder,
  comparison: ReplayComparison,
  coverage: CoverageRecorder,
): Promise<void> {
  const fresh = await resendExchange(recorded, targets, tally.ids)
  if (fresh === null) {
    const unopened = `the WebSocket could not be opened: ${tally.wsError}`
    if (tally.wsError === undefined || recorded.transport !== 'ws' || recorded.protocol === 'rest') tally.leftOut++
    else if (!tally.findings.some((f) => f.message === unopened)) tally.findings.push({ message: unopened })
    return
  }
  tally.sent++
  coverage.observe(fresh)
  recorder.exchange(fresh, { id: check.id, requirement: check.requirement, level: check.level, title: check.id })
  const before = asExchange(recorded)
  const difference = recorded.protocol === 'rest' ? comparison.rest(before, fresh) : comparison.rpc(recorded.request, before, fresh)
  if (difference !== null) {
    const request = recorded.request as { method?: unknown; path?: unknown } | null
    const what = recorded.protocol === 'rest' ? `${String(request?.method)} ${String(request?.path)}` : String(request?.method ?? 'the request')
    const shown = (value: unknown): string => (JSON.stringify(value) ?? 'nothing').slice(0, 120)
    tally.findings.push({
      message: `${what} (recorded line ${recorded.line}) answers differently: ${difference.kind} at ${difference.pointer || '/'}: recorded ${shown(difference.left)}, now ${shown(difference.right)}`,
      exchange: fresh,
      pointer: difference.pointer || '/',
    })
  }
  if (recorded.protocol !== 'rest') {
    const now: RecordedExchange = { ...recorded, request: fresh.request }
    delete now.response
    delete now.failure
    if (fresh.response !== undefined) now.response = fresh.response
    if (fresh.failure !== undefined) now.failure = fresh.failure
    for (const finding of judgeRecorded(now, spec)) tally.findings.push({ ...finding, exchange: fresh })
  }
}

/**
 * Replays every recorded exchange one after another in the order they were sent live, paced by
 * their recorded start times, whichever check made them: a transaction meets the nonce it met live,
 * a read that followed a write follows it again, and a chain that seals blocks on a clock is about
 * as far along as it was (a wait is at most a minute).
 */
async function replayInOrder(
  checks: readonly ReplayedCheck[],
  targets: (tally: CheckTally) => ReplayTargets,
  spec: OpenRpcSpec,
  recorder: TranscriptRecorder,
  strict: boolean,
  newFrom: number,
  coverage: CoverageRecorder,
): Promise<CheckResult[]> {
  const tallies = new Map<ReplayedCheck, CheckTally>(checks.map((check) => [check, { findings: [], sent: 0, leftOut: 0, ids: new Map(), socket: undefined }]))
  const all = checks.flatMap((check) => check.exchanges.map((recorded, order) => ({ check, recorded, order })))
  all.sort((a, b) => (a.recorded.at ?? 0) - (b.recorded.at ?? 0) || a.order - b.order)
  // Paced as recorded: a chain that seals blocks on a clock is at the height it was at when the recording asked.
  const comparison = new ReplayComparison(newFrom)
  const firstAt = all[0]?.recorded.at ?? 0
  const started = performance.now()
  for (const { check, recorded } of all) {
    const wait = (recorded.at ?? firstAt) - firstAt - (performance.now() - started)
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 60_000)))
    const tally = tallies.get(check)!
    await replayOne(recorded, check, tally, targets(tally), spec, recorder, comparison, coverage)
  }
  const results: CheckResult[] = []
  for (const [check, tally] of tallies) {
    void (await tally.socket)?.close()
    const notes = [`${tally.sent} recorded request(s) sent again, answers compared with the recording and judged against the spec`]
    if (tally.leftOut > 0) notes.push(`${tally.leftOut} left out: their transport (--ws or --rest) was not given`)
    results.push(
      judgedResult({ id: check.id, requirement: check.requirement, level: check.level, title: `replay of ${check.id}` }, tally.findings, notes, strict),
    )
  }
  return results
}

/**
 * `l2conf replay DIR --rpc URL`: sends a transcript's requests to another target and reports where
 * the answers differ from the recording and where they break the spec (ARCHITECTURE.md, transcripts).
 */
export async function replayCommand(argv: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args: argv, strict: true, allowPositionals: true, options: OPTIONS })
  } catch (error) {
    console.error(`l2conf replay: ${(error as Error).message.replace(/\. To specify a positional argument.*$/s, '')}\nSee 'l2conf replay --help'.`)
    return 2
  }
  const flags = parsed.values
  if (flags.help === true) {
    console.log(REPLAY_USAGE)
    return 0
  }
  const startedAt = new Date()
  let files: TranscriptFile[]
  let rpc: string
  let ws: string | null
  let rest: string | null
  let headers: Record<string, string>
  let timeoutMs = 10_000
  let reportDir: string
  let recordDir: string
  try {
    if (parsed.positionals.length !== 1)
      throw usage(
        parsed.positionals.length === 0
          ? 'name the transcript folder: l2conf replay DIR --rpc URL'
          : `one transcript folder at a time, got ${parsed.positionals.length}`,
      )
    const dir = parsed.positionals[0]!
    const target = checkUrl(flags.rpc, '--rpc', ['http:', 'https:'])
    if (target === null) throw usage('name the target: --rpc URL')
    rpc = target
    ws = checkUrl(flags.ws, '--ws', ['ws:', 'wss:'])
    rest = checkUrl(flags.rest, '--rest', ['http:', 'https:'])
    headers = parseHeaders(flags.header ?? [])
    if (flags.timeout !== undefined) {
      if (!/^\d+$/.test(flags.timeout) || Number(flags.timeout) < 100)
        throw usage(`--timeout takes a whole number of milliseconds (100 or more), got '${flags.timeout}'`)
      timeoutMs = Number(flags.timeout)
    }
    readManifest(dir)
    files = readTranscriptFiles(dir)
    if (files.length === 0) throw usage(`${dir}: no .io or .rest transcript files`)
    reportDir = resolve(flags['report-dir'] ?? join('reports', `replay-${startedAt.toISOString().replace(/[:.]/g, '-')}`))
    recordDir = resolve(flags.record ?? join(reportDir, 'transcript'))
    prepareRecordDir(recordDir)
  } catch (error) {
    if (isHarnessError(error)) {
      console.error(`l2conf replay: ${error.message}\nSee 'l2conf replay --help'.`)
      return 2
    }
    throw error
  }
  const selection = { only: flags.only ?? [], skip: flags.skip ?? [] }
  const dir = parsed.positionals[0]!
  const checks = checksOf(files, dir).filter((check) => deselectionReason(selection, check) === null)
  let openrpc: OpenRpcSpec
  let openapi: Awaited<ReturnType<typeof loadOpenApi>>
  try {
    ;[openrpc, openapi] = await Promise.all([loadOpenRpc(flags.openrpc ?? join(packageRoot, 'openrpc.json')), loadOpenApi(join(packageRoot, 'openapi.yaml'))])
  } catch (error) {
    if (!isHarnessError(error)) throw error
    console.error(`l2conf replay: ${error.message} (try 'l2conf lint')`)
    return 2
  }
  const secrets = [...Object.values(headers), ...[rpc, ws, rest].flatMap((url) => (url === null ? [] : urlSecrets(url)))]
  const redact = textRedactor(secrets)
  const options: TransportOptions = { timeoutMs, maxResponseBytes: 64 * 1024 * 1024, headers, gate: new RequestGate({ concurrency: 8 }) }
  const http = new HttpTransport(rpc, options)
  const restClient = rest === null ? null : new RestClient(rest, options)
  // The target's head now: blocks past it are new, their contents a matter of when they are sealed.
  const probe = await http.call('eth_blockNumber')
  const head = (probe.response as { result?: unknown } | undefined)?.result
  const newFrom = typeof head === 'string' && /^0x[0-9a-f]+$/i.test(head) ? Number.parseInt(head, 16) + 1 : 0
  if (probe.failure !== undefined && probe.httpStatus === undefined) {
    console.error(redact(`l2conf replay: ${maskUrl(rpc)} cannot be reached: ${probe.failure.message}`))
    await http.close()
    return 3
  }
  // A recorded run's new transcript gets its manifest (with the new target); fixtures stay plain fixtures.
  const recordedRun = readManifest(dir)
  const recorder = new TranscriptRecorder(recordDir, redact, { headers: recordedRun !== null })
  if (recordedRun !== null) {
    writeManifest(recordDir, {
      ...recordedRun,
      recordedAt: startedAt.toISOString(),
      target: { rpc: maskUrl(rpc), ws: ws === null ? null : maskUrl(ws), rest: rest === null ? null : maskUrl(rest) },
      timeoutMs,
      specs: { openrpc: { version: openrpc.version, sha256: openrpc.sha256 }, openapi: { version: openapi.version, sha256: openapi.sha256 } },
    })
  }
  console.error(
    redact(
      `l2conf: replaying ${checks.length} recorded check(s) from ${dir} against ${maskUrl(rpc)}${ws === null ? '' : ` + ${maskUrl(ws)}`}${rest === null ? '' : ` + ${maskUrl(rest)}`}`,
    ),
  )
  const sockets: WsTransport[] = []
  const targets = (tally: CheckTally): ReplayTargets => ({
    http,
    rest: restClient,
    ws: () => {
      tally.socket ??=
        ws === null
          ? Promise.resolve(null)
          : WsTransport.connect(ws, options).then(
              (s) => (sockets.push(s), s),
              (error: Error) => {
                tally.wsError = redact(error.message)
                return null
              },
            )
      return tally.socket
    },
  })
  let results: CheckResult[]
  // What of the specs the requests sent again exercised on this target.
  const coverage = createCoverage({ openrpc, openapi })
  try {
    results = await replayInOrder(checks, targets, openrpc, recorder, flags.strict === true, newFrom, coverage)
  } finally {
    await Promise.allSettled([http.close(), restClient?.close(), ...sockets.map((s) => s.close())])
    await recorder.flushed()
  }
  console.error(`l2conf: the new transcript is in ${recordDir}`)
  return writeJudgedReport(results, {
    target: { rpc: maskUrl(rpc), ws: ws === null ? null : maskUrl(ws), rest: rest === null ? null : maskUrl(rest) },
    specs: {
      openrpc: { path: openrpc.file, version: openrpc.version, sha256: openrpc.sha256 },
      openapi: { path: openapi.file, version: openapi.version, sha256: openapi.sha256 },
    },
    tool: toolInfo(),
    strict: flags.strict === true,
    reportDir,
    startedAt,
    // report.json requires the selection (and with it the options): a replay's report conforms to the schema too.
    selection,
    coverage: coverage.result(),
  })
}
