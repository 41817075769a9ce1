import { HarnessError } from '../errors/harnessError.js'
import { globToRegExp } from '../run/selection.js'
import { INSECURE_NOTICE } from '../tls/insecureNotice.js'
import { transportTls } from '../tls/transportTls.js'
import type { OpenApiSpec } from '../spec/loadOpenApi.js'
import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Exchange } from '../transport/exchange.js'
import { HttpTransport } from '../transport/httpTransport.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import { reproduceCommand } from '../transport/reproduce.js'
import { RequestGate } from '../transport/requestGate.js'
import { RestClient } from '../transport/restClient.js'
import type { TransportOptions } from '../transport/transportOptions.js'
import { WsTransport } from '../transport/wsTransport.js'
import { chainSamples } from './chainSamples.js'
import { compareRestAnswers, compareRpcAnswers, type Difference } from './compareAnswers.js'
import type { DiffCase } from './diffCase.js'
import { MAX_FINDINGS, MAX_FINDINGS_PER_METHOD, type DiffReport, type MethodDiff } from './diffReport.js'
import { restCases } from './restCases.js'
import { specCases } from './specCases.js'
import { truncateEvidence } from './truncateEvidence.js'

/** One target of a diff: its JSON-RPC address, and optionally its WebSocket and REST addresses. */
export interface DiffTarget {
  rpc: string
  ws: string | null
  rest: string | null
}

export interface DiffOptions {
  targets: [DiffTarget, DiffTarget]
  openrpc: OpenRpcSpec
  openapi: OpenApiSpec
  seed: number
  runs: number
  timeoutMs: number
  only: string[]
  headers: Record<string, string>
  /** --ca / --insecure, as `l2conf run` takes them. */
  tls: { ca: string | null; insecure: boolean }
  /** Requests in flight at most, per target. */
  concurrency: number
  tool: { name: string; version: string }
}

/** A target that fails this many requests in a row with no answer at all is given up on (the diff ends quickly). */
const DEAD_AFTER = 3
const NO_ANSWER = new Set(['L2CONF_ERR_UNREACHABLE', 'L2CONF_ERR_TIMEOUT', 'L2CONF_ERR_CLOSED', 'L2CONF_ERR_TLS', 'L2CONF_ERR_UNUSABLE'])

interface Side {
  http: HttpTransport
  ws: WsTransport | null
  rest: RestClient | null
  silentInARow: number
}

function heightOf(exchange: Exchange): number | null {
  const outcome = rpcOutcome(exchange)
  return outcome.kind === 'result' && typeof outcome.value === 'string' && /^0x[0-9a-f]+$/i.test(outcome.value) ? Number.parseInt(outcome.value, 16) : null
}

function answerOf(exchange: Exchange): unknown {
  if (exchange.failure !== undefined) return { failure: exchange.failure }
  const body = exchange.response ?? exchange.rawResponse
  return truncateEvidence(exchange.protocol === 'rest' ? { status: exchange.httpStatus, body } : body)
}

/**
 * Thrown (as HarnessError L2CONF_ERR_UNREACHABLE) when a target cannot be reached before anything is
 * compared: `l2conf diff` exits 3.
 */
async function connect(target: DiffTarget, options: TransportOptions, which: string): Promise<Side> {
  const http = new HttpTransport(target.rpc, options)
  const probe = await http.call('eth_blockNumber', [])
  if (probe.failure !== undefined && NO_ANSWER.has(probe.failure.code)) {
    await http.close()
    throw new HarnessError('L2CONF_ERR_UNREACHABLE', `target ${which} (${http.url}) cannot be reached: ${probe.failure.message}`)
  }
  let ws: WsTransport | null = null
  if (target.ws !== null) {
    try {
      ws = await WsTransport.connect(target.ws, options)
    } catch (error) {
      await http.close()
      throw new HarnessError('L2CONF_ERR_UNREACHABLE', `target ${which}'s WebSocket (${target.ws}) cannot be reached: ${(error as Error).message}`)
    }
  }
  const rest = target.rest === null ? null : new RestClient(target.rest, options)
  if (rest !== null) {
    // Any HTTP answer (a 404 for the bare base address included) shows the REST service is there.
    const probeRest = await rest.request('/')
    if (probeRest.failure !== undefined && NO_ANSWER.has(probeRest.failure.code)) {
      await Promise.all([http.close(), ws?.close(), rest.close()])
      throw new HarnessError('L2CONF_ERR_UNREACHABLE', `target ${which}'s REST API (${rest.baseUrl}) cannot be reached: ${probeRest.failure.message}`)
    }
  }
  return { http, ws, rest, silentInARow: 0 }
}

/**
 * `l2conf diff`: asks two targets the same questions — the spec's examples, generated
 * valid and invalid params, samples drawn from both chains at heights both hold, and the REST
 * paths — and compares the answers (compareRpcAnswers, compareRestAnswers). A pair that differs is
 * asked once more, and counts as agreeing when the second answers agree (state that moved between
 * two reads, such as the layer-1 head in rollup_getInfo, is not a difference between the targets).
 * Every request is bounded by `timeoutMs`; a target that stops answering ends the diff early
 * (`interrupted`). Throws HarnessError L2CONF_ERR_UNREACHABLE when a target cannot be reached at the start.
 */
export async function runDiff(options: DiffOptions): Promise<DiffReport> {
  const startedAt = new Date()
  const patterns = options.only.map(globToRegExp)
  const selected = (name: string): boolean => patterns.length === 0 || patterns.some((p) => p.test(name))
  const tls = transportTls(options.tls)
  const transportOptions = (): TransportOptions => ({
    timeoutMs: options.timeoutMs,
    maxResponseBytes: 16 * 1024 * 1024,
    headers: options.headers,
    gate: new RequestGate({ concurrency: options.concurrency }),
    ...(tls === undefined ? {} : { tls }),
  })
  const sides: Side[] = []
  try {
    sides.push(await connect(options.targets[0], transportOptions(), 'A'))
    sides.push(await connect(options.targets[1], transportOptions(), 'B'))
    const [a, b] = sides as [Side, Side]
    let interrupted: string | undefined

    const ask = async (index: 0 | 1, c: DiffCase): Promise<Exchange> => {
      const side = index === 0 ? a : b
      if (interrupted !== undefined)
        return {
          transport: 'http',
          url: side.http.url,
          request: null,
          startedAt: Date.now(),
          durationMs: 0,
          failure: { code: 'L2CONF_ERR_CLOSED', message: interrupted },
        }
      const exchange =
        c.transport === 'rest'
          ? await (side.rest as RestClient).request(c.method, c.query === undefined ? {} : { query: c.query })
          : c.transport === 'ws'
            ? await (side.ws as WsTransport).call(c.method, c.params)
            : await side.http.call(c.method, c.params)
      side.silentInARow = exchange.failure !== undefined && NO_ANSWER.has(exchange.failure.code) ? side.silentInARow + 1 : 0
      if (side.silentInARow >= DEAD_AFTER && interrupted === undefined) {
        interrupted = `target ${index === 0 ? 'A' : 'B'} stopped answering (${DEAD_AFTER} requests in a row without an answer; last: ${exchange.failure?.message ?? ''})`
      }
      return exchange
    }

    const heights = await Promise.all([a.http.call('eth_blockNumber', []), b.http.call('eth_blockNumber', [])])
    const [ha, hb] = heights.map(heightOf)
    const commonHeight = ha === null || hb === null || ha === undefined || hb === undefined ? null : Math.min(ha, hb)
    const pinned = commonHeight ?? 0

    const cases: DiffCase[] = []
    if (commonHeight !== null) {
      cases.push(
        ...(await chainSamples((side, method, params) => ask(side, { transport: 'http', method, params, source: 'chain-sample', label: '' }), {
          seed: options.seed,
          runs: options.runs,
          commonHeight,
          selected,
        })),
      )
    }
    cases.push(...specCases(options.openrpc, { seed: options.seed, runs: options.runs, commonHeight: pinned, selected, ws: a.ws !== null && b.ws !== null }))
    if (a.rest !== null && b.rest !== null) cases.push(...restCases(options.openapi, { seed: options.seed, runs: options.runs, selected }))

    const byMethod = new Map<string, MethodDiff>()
    let agreeing = 0
    let differing = 0
    let kept = 0
    const compare = (c: DiffCase, left: Exchange, right: Exchange): Difference | null =>
      c.transport === 'rest' ? compareRestAnswers(left, right) : compareRpcAnswers(c.method, left, right, pinned)

    const one = async (c: DiffCase): Promise<void> => {
      let [left, right] = await Promise.all([ask(0, c), ask(1, c)])
      let difference = compare(c, left, right)
      if (difference !== null && interrupted === undefined) {
        const again = await Promise.all([ask(0, c), ask(1, c)])
        if (compare(c, again[0], again[1]) === null) difference = null
        else [left, right] = again
      }
      if (interrupted !== undefined && difference !== null) return
      const key = `${c.transport} ${c.method}`
      let entry = byMethod.get(key)
      if (entry === undefined) {
        entry = { method: c.method, transport: c.transport, asked: 0, differing: 0, sources: {}, findings: [] }
        byMethod.set(key, entry)
      }
      entry.asked++
      const source = (entry.sources[c.source] ??= { asked: 0, differing: 0 })
      source.asked++
      if (difference === null) {
        agreeing++
        return
      }
      differing++
      entry.differing++
      source.differing++
      if (entry.findings.length < MAX_FINDINGS_PER_METHOD && kept++ < MAX_FINDINGS) {
        const names = Object.keys(options.headers)
        entry.findings.push({
          transport: c.transport,
          source: c.source,
          label: c.label,
          params: c.transport === 'rest' ? (c.query ?? {}) : c.params,
          difference: { ...difference, left: truncateEvidence(difference.left), right: truncateEvidence(difference.right) },
          left: { answer: answerOf(left), reproduce: reproduceCommand(left, { secretHeaderNames: names }) },
          right: { answer: answerOf(right), reproduce: reproduceCommand(right, { secretHeaderNames: names }) },
        })
      }
    }

    // A few cases at a time; the gates bound what is in flight per target.
    let next = 0
    const workers = Array.from({ length: Math.max(1, options.concurrency) }, async () => {
      while (next < cases.length && interrupted === undefined) {
        const c = cases[next++] as DiffCase
        await one(c)
      }
    })
    await Promise.all(workers)

    const methods = [...byMethod.values()].sort((x, y) => x.transport.localeCompare(y.transport) || x.method.localeCompare(y.method))
    const report: DiffReport = {
      tool: options.tool,
      kind: 'diff',
      targets: options.targets.map((t, i) => ({
        rpc: (sides[i] as Side).http.url,
        ws: t.ws === null ? null : ((sides[i] as Side).ws?.url ?? t.ws),
        rest: t.rest === null ? null : ((sides[i] as Side).rest?.baseUrl ?? t.rest),
      })),
      specs: {
        openrpc: { path: options.openrpc.file, version: options.openrpc.version, sha256: options.openrpc.sha256 },
        openapi: { path: options.openapi.file, version: options.openapi.version, sha256: options.openapi.sha256 },
      },
      seed: options.seed,
      runs: options.runs,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      commonHeight,
      summary: { asked: agreeing + differing, agreeing, differing, methods: methods.length, methodsDiffering: methods.filter((m) => m.differing > 0).length },
      methods,
    }
    if (interrupted !== undefined) report.interrupted = interrupted
    if (options.tls.insecure) report.warnings = [INSECURE_NOTICE]
    return report
  } finally {
    await Promise.all(sides.flatMap((s) => [s.http.close(), s.ws?.close(), s.rest?.close()]))
  }
}
