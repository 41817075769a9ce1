import { HarnessError } from '../errors/harnessError.js'
import { toQuantity } from '../generate/toQuantity.js'
import { INSECURE_NOTICE } from '../tls/insecureNotice.js'
import { transportTls } from '../tls/transportTls.js'
import type { Exchange } from '../transport/exchange.js'
import { HttpTransport } from '../transport/httpTransport.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import { RequestGate } from '../transport/requestGate.js'
import { RunHealth } from '../transport/transportHealth.js'
import type { TransportOptions } from '../transport/transportOptions.js'
import { compareWindows } from './compareWindows.js'
import { readWindow } from './readWindow.js'
import { identityMismatch, readCheckpoint, type SweepCheckpoint, type SweepIdentity, writeCheckpoint } from './sweepCheckpoint.js'
import type { SweepFinding } from './sweepFinding.js'
import { logSample, planBlocks, planOf, shardOf, type SweepPlan, type SweepWindow, windowsOf } from './sweepPlan.js'
import { sweepVerdict, type SweepReport } from './sweepReport.js'
import { oldestStateOf, readState, type StateReads } from './readState.js'
import { SweepTally } from './sweepTally.js'
import { objectOf } from './verifyBlock.js'
import { verifyWindow, type WindowRead } from './verifyWindow.js'

/** What a sweep covers, as given: --blocks FROM..TO (numbers or tags), --sample log, a pinned corpus's ranges. */
export interface SweepSources {
  blocks: string | null
  sampleLog: boolean
  /** The corpus file's name and its ranges (read when the flags were parsed). */
  blocksFile: { name: string; ranges: Array<[number, number]> } | null
}

/** Where a sweep is: for the progress line. */
export interface SweepProgress {
  done: number
  total: number
  height: number
  blocksPerSecond: number
  secondsLeft: number | null
  failing: number
}

export interface SweepOptions {
  /** One node (its own consistency) or two (A, B: each one's own, and their answers compared). */
  targets: string[]
  sources: SweepSources
  shard: { index: number; count: number } | null
  window: number
  concurrency: number
  timeoutMs: number
  headers: Record<string, string>
  tls: { ca: string | null; insecure: boolean }
  state: boolean
  /** The checkpoint file: written as the sweep goes, read back with `resume`. */
  checkpoint: string
  resume: boolean
  tool: { name: string; version: string }
  onProgress?: (progress: SweepProgress) => void
  /** Aborted to stop (SIGINT): windows in flight end, the checkpoint is written, the report says interrupted. */
  signal?: AbortSignal
}

/** How often the checkpoint is rewritten while the sweep goes on. */
export const CHECKPOINT_EVERY_MS = 2_000
/** Windows done but not yet added (an earlier one still in flight) before no new one starts: bounds memory whatever one slow window does. */
const AHEAD_PER_WORKER = 4

interface Side {
  http: HttpTransport
  health: RunHealth
  name: 'A' | 'B'
}

interface WindowResult {
  window: SweepWindow
  findings: SweepFinding[]
  counts: Map<string, { asked: number; differing: number; bothRefused: number }>
  unjudged: Map<string, number>
  transactions: number
  receipts: number
  logs: number
  stateReads: number
  firstParent: unknown
  lastHash: unknown
}

const TAGS = new Set(['earliest', 'latest', 'safe', 'finalized', 'pending'])

function numberOf(exchange: Exchange): number | null {
  const outcome = rpcOutcome(exchange)
  const value = outcome.kind === 'result' ? outcome.value : null
  if (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)) return Number.parseInt(value, 16)
  const block = objectOf(exchange)
  return block !== null && typeof block.number === 'string' ? Number.parseInt(block.number, 16) : null
}

async function connect(url: string, options: () => TransportOptions, name: 'A' | 'B'): Promise<Side & { head: number }> {
  const health = new RunHealth()
  const http = new HttpTransport(url, { ...options(), health })
  const probe = await http.call('eth_blockNumber', [])
  const head = numberOf(probe)
  if (head === null) {
    await http.close(0)
    const why = probe.failure?.message ?? `eth_blockNumber answered ${JSON.stringify(probe.response ?? probe.rawResponse ?? null).slice(0, 200)}`
    throw new HarnessError('L2CONF_ERR_UNREACHABLE', `target ${name} (${http.url}) cannot be swept: ${why}`)
  }
  return { http, health, name, head }
}

/** The lowest block a node serves (a node may prune old blocks): a binary search of eth_getBlockByNumber, about log2(head) reads. */
async function oldestServedBlock(http: HttpTransport, head: number): Promise<number> {
  const served = async (n: number): Promise<boolean> => objectOf(await http.call('eth_getBlockByNumber', [toQuantity(n), false])) !== null
  if (await served(0)) return 0
  let lo = 0
  let hi = head
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (await served(mid)) hi = mid
    else lo = mid
  }
  return hi
}

/** A height or tag of --blocks, resolved on every node: tags to the lowest head (the highest earliest), so both serve it. */
async function resolveHeight(text: string, sides: ReadonlyArray<Side & { head: number }>): Promise<number> {
  if (/^\d+$/.test(text)) return Number(text)
  if (/^0x[0-9a-f]+$/i.test(text)) return Number.parseInt(text, 16)
  if (!TAGS.has(text))
    throw new HarnessError('L2CONF_ERR_USAGE', `--blocks: '${text}' is not a block number or a tag (earliest, latest, safe, finalized, pending)`)
  const heights = await Promise.all(sides.map(async (s) => numberOf(await s.http.call('eth_getBlockByNumber', [text, false]))))
  if (heights.some((h) => h === null)) throw new HarnessError('L2CONF_ERR_USAGE', `--blocks: a target does not resolve the tag '${text}' to a block`)
  const numbers = heights as number[]
  return text === 'earliest' ? Math.max(...numbers) : Math.min(...numbers)
}

/** The plan the sources make, tags resolved against the nodes. */
async function resolvePlan(sources: SweepSources, sides: ReadonlyArray<Side & { head: number }>): Promise<SweepPlan> {
  const ranges: Array<[number, number]> = []
  const head = Math.min(...sides.map((s) => s.head))
  if (sources.blocks !== null) {
    const [fromText, toText] = sources.blocks.split('..') as [string, string]
    const from = await resolveHeight(fromText, sides)
    const to = await resolveHeight(toText, sides)
    if (from > to) throw new HarnessError('L2CONF_ERR_USAGE', `--blocks ${sources.blocks}: it ends (${to}) before it starts (${from})`)
    if (to > head)
      throw new HarnessError(
        'L2CONF_ERR_USAGE',
        `--blocks ${sources.blocks}: block ${to} is past the head ${head}${sides.length > 1 ? ' both nodes hold' : ''}`,
      )
    ranges.push([from, to])
  }
  if (sources.sampleLog) {
    const oldest = Math.max(...(await Promise.all(sides.map((s) => oldestServedBlock(s.http, head)))))
    for (const n of logSample(head, oldest)) ranges.push([n, n])
  }
  if (sources.blocksFile !== null) {
    const past = sources.blocksFile.ranges.find(([, to]) => to > head)
    if (past !== undefined) throw new HarnessError('L2CONF_ERR_USAGE', `--blocks-file ${sources.blocksFile.name}: block ${past[1]} is past the head ${head}`)
    ranges.push(...sources.blocksFile.ranges)
  }
  return planOf(ranges)
}

function sourceWords(sources: SweepSources): string[] {
  return [
    ...(sources.blocks === null ? [] : [`--blocks ${sources.blocks}`]),
    ...(sources.sampleLog ? ['--sample log'] : []),
    ...(sources.blocksFile === null ? [] : [`--blocks-file ${sources.blocksFile.name}`]),
  ]
}

/**
 * `l2conf sweep`: verifies every block of a window of history (SweepCheck): one node's own
 * consistency, and with two nodes their answers compared (compareWindows) and, with `state`, their
 * state reads at each block for the accounts its transactions touched. Windows of `window` blocks
 * are read `concurrency` at a time per node and added to the tally in plan order (memory stays
 * bounded: a slow window holds at most AHEAD_PER_WORKER windows per worker behind it); the
 * checkpoint is rewritten every CHECKPOINT_EVERY_MS, so `resume` continues after the last block
 * done. Throws HarnessError L2CONF_ERR_UNREACHABLE when a node cannot be reached at the start, and
 * L2CONF_ERR_USAGE when the plan cannot be made (a tag no node resolves, a block past the head, a
 * checkpoint of another sweep).
 */
export async function runSweep(options: SweepOptions): Promise<SweepReport> {
  const startedAt = new Date()
  const tls = transportTls(options.tls)
  const transportOptions = (): TransportOptions => ({
    timeoutMs: options.timeoutMs,
    maxResponseBytes: 64 * 1024 * 1024,
    headers: options.headers,
    gate: new RequestGate({ concurrency: options.concurrency }),
    ...(tls === undefined ? {} : { tls }),
  })
  const sides: Array<Side & { head: number }> = []
  try {
    for (const [i, url] of options.targets.entries()) sides.push(await connect(url, transportOptions, i === 0 ? 'A' : 'B'))
    const two = sides.length === 2
    const sources = sourceWords(options.sources)
    const shard = options.shard
    const identityNow = { targets: sides.map((s) => s.http.url), sources, shard, state: options.state }
    let saved: SweepCheckpoint | null = null
    let plan: SweepPlan
    if (options.resume) {
      saved = await readCheckpoint(options.checkpoint)
      const mismatch = identityMismatch(saved.identity, { ...identityNow, segments: null })
      if (mismatch !== null) throw new HarnessError('L2CONF_ERR_USAGE', `--resume: the checkpoint ${options.checkpoint} is of another sweep: ${mismatch}`)
      plan = { segments: saved.identity.segments }
    } else {
      plan = await resolvePlan(options.sources, sides)
    }
    const whole = plan
    const mine = shard === null ? plan : shardOf(plan, shard.index, shard.count)
    const identity: SweepIdentity = { ...identityNow, sources: saved?.identity.sources ?? sources, segments: whole.segments }
    const total = planBlocks(mine)
    const commonHeight = Math.min(...sides.map((s) => s.head))
    const tally = new SweepTally(Object.keys(options.headers), saved?.tally)
    let done = saved?.done ?? 0
    let previous = saved?.previous ?? null
    const elapsedBefore = saved?.elapsedMs ?? 0
    const began = Date.now()
    let interrupted: string | undefined
    const stateReads: StateReads | null = options.state && two ? { oldest: await oldestStateOf(sides, commonHeight) } : null

    const processWindow = async (w: SweepWindow): Promise<WindowResult> => {
      const reads: WindowRead[] = await Promise.all(sides.map((s) => readWindow(s.http, w.from, w.to)))
      const unjudged = new Map<string, number>()
      const findings: SweepFinding[] = reads.flatMap((read, i) => verifyWindow(read, two ? (i === 0 ? 'A' : 'B') : undefined, unjudged))
      const a = reads[0] as WindowRead
      let counts = new Map<string, { asked: number; differing: number; bothRefused: number }>()
      let stateCount = 0
      if (two) {
        const comparer = compareWindows(a, reads[1] as WindowRead, commonHeight)
        findings.push(...comparer.findings)
        counts = comparer.counts
        if (stateReads !== null) {
          const state = await readState(sides, reads as [WindowRead, WindowRead], commonHeight, stateReads)
          findings.push(...state.findings)
          for (const [method, c] of state.counts) counts.set(method, c)
          stateCount = state.reads
        }
      } else {
        const add = (method: string, asked: number): void => {
          counts.set(method, { asked: (counts.get(method)?.asked ?? 0) + asked, differing: 0, bothRefused: 0 })
        }
        add('eth_getBlockRange', 1)
        add('eth_getBlockByNumber', a.blocks.length)
        add(
          'eth_getTransactionReceipt',
          a.blocks.reduce((sum, b) => sum + b.receipts.length, 0),
        )
        add('eth_getLogs', 1)
      }
      const logsOutcome = rpcOutcome(a.logs)
      return {
        window: w,
        findings,
        counts,
        unjudged,
        transactions: a.blocks.reduce((sum, b) => sum + b.receipts.length, 0),
        receipts: a.blocks.reduce((sum, b) => sum + b.receipts.filter((r) => objectOf(r) !== null).length, 0),
        logs: logsOutcome.kind === 'result' && Array.isArray(logsOutcome.value) ? logsOutcome.value.length : 0,
        stateReads: stateCount,
        firstParent: objectOf((a.blocks[0] as WindowRead['blocks'][number]).block)?.parentHash,
        lastHash: objectOf((a.blocks[a.blocks.length - 1] as WindowRead['blocks'][number]).block)?.hash,
      }
    }

    const apply = (r: WindowResult): void => {
      const w = r.window
      // The first block of this window links to the last of the one before, when they are consecutive.
      if (
        previous !== null &&
        previous.height === w.from - 1 &&
        typeof r.firstParent === 'string' &&
        r.firstParent.toLowerCase() !== previous.hash.toLowerCase()
      ) {
        tally.add({
          check: 'parentHash',
          method: 'eth_getBlockByNumber',
          field: 'parentHash',
          block: w.from,
          message: `block ${w.from}: parentHash ${r.firstParent} is not the hash of block ${w.from - 1}, ${previous.hash}`,
          pointer: '/parentHash',
          expected: previous.hash,
          got: r.firstParent,
          exchanges: [],
          ...(two ? { side: 'A' as const } : {}),
        })
      }
      for (const finding of r.findings.sort((x, y) => x.block - y.block)) tally.add(finding)
      for (const [method, c] of r.counts) tally.asked(method, c)
      tally.unjudged(r.unjudged)
      tally.cover(w.from, w.to)
      tally.covered.transactions += r.transactions
      tally.covered.receipts += r.receipts
      tally.covered.logs += r.logs
      tally.covered.stateReads += r.stateReads
      previous = typeof r.lastHash === 'string' ? { height: w.to, hash: r.lastHash } : null
      done = w.position + (w.to - w.from + 1)
    }

    let lastCheckpoint = Date.now()
    let writing: Promise<void> = Promise.resolve()
    const checkpointNow = (): Promise<void> => {
      const snapshot: SweepCheckpoint = {
        version: 1,
        identity,
        done,
        tally: tally.state(),
        previous,
        elapsedMs: elapsedBefore + Date.now() - began,
        startedAt: saved?.startedAt ?? startedAt.toISOString(),
      }
      writing = writing.then(() => writeCheckpoint(options.checkpoint, snapshot))
      return writing
    }
    const failingNow = (): number => tally.state().checks.reduce((sum, c) => sum + c.failing, 0)
    let failing = failingNow()
    const startDone = done

    const windows = windowsOf(mine, options.window, done)
    const finished = new Map<number, WindowResult>()
    let nextToApply: number | null = null
    let dispatched = 0
    let waiting: Array<() => void> = []
    const waitForApply = (): Promise<void> => new Promise((resolve) => waiting.push(resolve))
    const wakeAll = (): void => {
      const now = waiting
      waiting = []
      for (const resolve of now) resolve()
    }
    const stopReason = (): string | undefined => {
      if (options.signal?.aborted === true)
        return `stopped (${String(options.signal.reason ?? 'interrupted')}) after block ${previous?.height ?? '(none)'}; continue with --resume`
      for (const side of sides) {
        const unusable = side.health.http.unusable
        if (unusable !== undefined) return `target ${side.name} (${side.http.url}) stopped answering: ${side.health.http.silence?.evidence ?? unusable.message}`
      }
      return undefined
    }

    const worker = async (): Promise<void> => {
      for (;;) {
        if (interrupted !== undefined) return
        while (nextToApply !== null && dispatched - nextToApply >= AHEAD_PER_WORKER * options.concurrency) await waitForApply()
        const next = windows.next()
        if (next.done === true) return
        const w = next.value
        dispatched = w.index + 1
        nextToApply ??= w.index
        const result = await processWindow(w)
        interrupted ??= stopReason()
        if (interrupted !== undefined) return wakeAll()
        finished.set(w.index, result)
        while (nextToApply !== null && finished.has(nextToApply)) {
          const ready = finished.get(nextToApply) as WindowResult
          finished.delete(nextToApply)
          apply(ready)
          failing += ready.findings.length
          nextToApply++
        }
        wakeAll()
        if (options.onProgress !== undefined) {
          const seconds = (Date.now() - began) / 1000
          const rate = seconds > 0 ? (done - startDone) / seconds : 0
          options.onProgress({
            done,
            total,
            height: previous?.height ?? w.to,
            blocksPerSecond: rate,
            secondsLeft: rate > 0 ? (total - done) / rate : null,
            failing,
          })
        }
        if (Date.now() - lastCheckpoint >= CHECKPOINT_EVERY_MS) {
          lastCheckpoint = Date.now()
          void checkpointNow().catch(() => undefined)
        }
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker))
    wakeAll()
    await checkpointNow()

    const state = tally.state()
    const warnings: string[] = []
    if (two)
      for (const m of state.methods)
        if (m.asked > 0 && m.bothRefused === m.asked)
          warnings.push(`${m.method}: both nodes refused every request (${m.asked}) with the same error, so their agreement there compares nothing`)
    if (options.tls.insecure) warnings.push(INSECURE_NOTICE)
    if (options.state && !two) warnings.push('--state compares two nodes; with one node no state was read')
    const checksFailing = state.checks.filter((c) => c.failing > 0).length
    const summary = {
      failing: state.checks.reduce((sum, c) => sum + c.failing, 0),
      checksFailing,
      differing: state.methods.reduce((sum, m) => sum + m.differing, 0),
    }
    const report: SweepReport = {
      schemaVersion: 1,
      kind: 'sweep',
      tool: options.tool,
      targets: sides.map((s) => ({ rpc: s.http.url })),
      plan: { sources: identity.sources, blocks: planBlocks(whole), segments: whole.segments },
      shard,
      options: { window: options.window, concurrency: options.concurrency, state: options.state, timeoutMs: options.timeoutMs },
      startedAt: saved?.startedAt ?? startedAt.toISOString(),
      durationMs: elapsedBefore + Date.now() - began,
      ...(saved === null ? {} : { resumedAt: saved.done }),
      covered: state.covered,
      summary,
      checks: state.checks,
      methods: state.methods,
      unjudged: state.unjudged,
      warnings,
      ...(interrupted === undefined ? {} : { interrupted }),
      verdict: 'pass',
      exitCode: 0,
    }
    Object.assign(report, sweepVerdict(report))
    return report
  } finally {
    await Promise.all(sides.map((s) => s.http.close(1000)))
  }
}
