import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Exchange } from '../harness/transport/exchange.js'
import type { Benchmark } from './benchmark.js'
import { baselineTree } from './cliRun.js'
import { formatNumber } from './formatNumber.js'
import { loadAverage } from './loadAverage.js'
import { median } from './percentile.js'

const packageRoot = fileURLToPath(new URL('../', import.meta.url))
const PRELOAD = fileURLToPath(new URL('./loopDelayPreload.mjs', import.meta.url))
/** What is measured: a default certification of the bundled reference, recorded (its LIMITS searches answer up to 25 MB). */
const RUN_ARGS = ['run', '--reference']
/** A run that takes longer is stopped: a hang is a figure, not a stuck benchmark. */
const RUN_LIMIT_MS = 10 * 60_000

/** One CLI to run: this tree's, or an earlier revision's (CLI_BASELINE); `record: false` runs it without --record (the floor the recording adds to). */
interface Contender {
  name: string
  bin: string
  cwd: string
  record: boolean
}

/** What one recorded run cost the CLI's own process: the delays of its event loop, its peak resident memory, and the wall time. */
interface RecordFigures {
  maxMs: number
  p99Ms: number
  meanMs: number
  peakRssBytes: number
  wallMs: number
  code: number | null
}

function contenders(): Contender[] {
  const bin = join(packageRoot, 'bin', 'l2conf.js')
  const list: Contender[] = [{ name: 'this tree', bin, cwd: packageRoot, record: true }]
  const revision = process.env.CLI_BASELINE
  if (revision !== undefined && revision !== '') {
    const dir = baselineTree(revision)
    list.push({ name: `baseline ${revision}`, bin: join(dir, 'bin', 'l2conf.js'), cwd: dir, record: true })
  }
  list.push({ name: 'this tree, not recorded', bin, cwd: packageRoot, record: false })
  return list
}

/** Runs `l2conf run --reference --record DIR` once under the preload that measures the CLI's event loop. */
async function recordOnce(contender: Contender): Promise<RecordFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'l2conf-bench-record-'))
  const figuresFile = join(dir, 'loop.json')
  const started = performance.now()
  const record = contender.record ? ['--record', join(dir, 'transcript')] : []
  const child = spawn(process.execPath, ['--import', PRELOAD, contender.bin, ...RUN_ARGS, ...record, '--report-dir', join(dir, 'report')], {
    cwd: contender.cwd,
    env: { ...process.env, CI: '1', NO_COLOR: '1', L2CONF_LOOP_DELAY_FILE: figuresFile },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const timer = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS)
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exit) => resolve(exit)))
  clearTimeout(timer)
  const wallMs = performance.now() - started
  try {
    const loop = JSON.parse(readFileSync(figuresFile, 'utf8')) as Omit<RecordFigures, 'wallMs' | 'code'>
    return { ...loop, wallMs, code }
  } catch {
    throw new Error(`${contender.name}: the run wrote no event-loop figures (exit ${code}): ${stderr}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const ms = (value: number): string => `${formatNumber(value)} ms`
const mib = (bytes: number): string => `${formatNumber(bytes / 1048576)} MiB`

/** The answer the recorder alone is given: an eth_getBlockRange batch of about 20 MB, as large as the response-size search asks for. */
function largeAnswer(): Exchange {
  const block = (n: number): unknown => ({
    number: `0x${n.toString(16)}`,
    hash: `0x${n.toString(16).padStart(64, '0')}`,
    logsBloom: `0x${'0'.repeat(512)}`,
    transactions: Array.from({ length: 20 }, (_, i) => ({ hash: `0x${(n * 100 + i).toString(16).padStart(64, 'a')}`, input: `0x${'ab'.repeat(200)}` })),
  })
  const result = Array.from({ length: 2000 }, (_, n) => block(n))
  const text = JSON.stringify([{ jsonrpc: '2.0', id: 1, result }])
  return {
    transport: 'http',
    url: 'http://127.0.0.1:8545',
    request: [{ jsonrpc: '2.0', method: 'eth_getBlockRange', params: ['0x0', '0x7cf', true], id: 1 }],
    response: JSON.parse(text) as unknown,
    responseBytes: Buffer.byteLength(text),
    httpStatus: 200,
    startedAt: 0,
    durationMs: 1,
  }
}

/**
 * One recorder (this tree's, or CLI_BASELINE's module) given the large answer: the longest the event
 * loop waited meanwhile (a 1 ms ticker's largest gap) and the time until all was written.
 */
async function recorderOnce(root: string, exchange: Exchange, secret: string): Promise<{ stallMs: number; wallMs: number; bytes: number }> {
  const module = (await import(pathToFileURL(join(root, 'harness', 'transcript', 'transcriptRecorder.ts')).href)) as {
    TranscriptRecorder: new (dir: string, redact: (text: string) => string) => { exchange(e: Exchange, check: undefined): void; flushed?: () => Promise<void> }
  }
  const { textRedactor } = (await import(pathToFileURL(join(root, 'harness', 'report', 'redact.ts')).href)) as {
    textRedactor: (secrets: string[]) => (text: string) => string
  }
  const dir = await mkdtemp(join(tmpdir(), 'l2conf-bench-recorder-'))
  const recorder = new module.TranscriptRecorder(dir, textRedactor([secret]))
  let last = performance.now()
  let stallMs = 0
  const ticker = setInterval(() => {
    const now = performance.now()
    stallMs = Math.max(stallMs, now - last)
    last = now
  }, 1)
  const started = performance.now()
  await new Promise((resolve) => setTimeout(resolve, 5))
  recorder.exchange(exchange, undefined)
  await recorder.flushed?.()
  const wallMs = performance.now() - started
  await new Promise((resolve) => setTimeout(resolve, 5))
  clearInterval(ticker)
  const bytes = readFileSync(join(dir, 'rpc', '_outside-checks.io')).length
  rmSync(dir, { recursive: true, force: true })
  return { stallMs, wallMs, bytes }
}

/**
 * `l2conf run --reference --record DIR` (ARCHITECTURE.md, transcripts: large answers are streamed
 * to disk, the event loop kept free): the delays of the CLI's event loop (monitorEventLoopDelay:
 * the longest, the 99th percentile, the mean) and its peak resident memory, this tree beside
 * CLI_BASELINE=REV when given, and this tree's run without --record (what the rest of the run
 * costs), taking turns, the median of --rounds runs each (2 unless given).
 */
export const recordBench: Benchmark = {
  name: 'record',
  title: 'l2conf run --reference --record: event-loop delay and peak RSS of the CLI process',
  async run(context) {
    if (context.settings.quick) {
      context.print('record: not run under --quick (each round is whole runs); npm run bench -- record')
      return
    }
    const rounds = context.settings.roundsGiven ? context.settings.rounds : 2
    const list = contenders()
    const figures = new Map<string, RecordFigures[]>(list.map((contender) => [contender.name, []]))
    for (let round = 1; round <= rounds; round++) {
      for (const contender of list) {
        const run = await recordOnce(contender)
        figures.get(contender.name)!.push(run)
        context.print(
          `round ${round} ${contender.name}: exit ${run.code}, loop delay max ${ms(run.maxMs)}, p99 ${ms(run.p99Ms)}, mean ${ms(run.meanMs)}, peak RSS ${mib(run.peakRssBytes)}, wall ${ms(run.wallMs)} (load ${loadAverage()})`,
        )
      }
    }
    // The recorder alone, in this process: the same 25 MB answer to this tree's recorder and the baseline's.
    const exchange = largeAnswer()
    const roots = list.filter((contender) => contender.record).map((contender) => ({ name: contender.name, root: contender.cwd }))
    const alone = new Map<string, Array<{ stallMs: number; wallMs: number; bytes: number }>>(roots.map(({ name }) => [name, []]))
    for (let round = 1; round <= rounds; round++) {
      for (const { name, root } of roots) {
        const run = await recorderOnce(root, exchange, 'Bearer s3cr3t-t0ken-value')
        alone.get(name)!.push(run)
        context.print(
          `round ${round} recorder alone, ${name}: ${mib(run.bytes)} written, longest event-loop stall ${ms(run.stallMs)}, all written in ${ms(run.wallMs)}`,
        )
      }
    }
    for (const { name } of roots) {
      const runs = alone.get(name) ?? []
      context.print(
        `record, recorder alone, ${name}: median of ${runs.length}: longest event-loop stall ${ms(median(runs.map((r) => r.stallMs)))}, all written in ${ms(median(runs.map((r) => r.wallMs)))}`,
      )
    }
    const of = (name: string, pick: (run: RecordFigures) => number): number => median((figures.get(name) ?? []).map(pick))
    const first = list[0]!.name
    for (const contender of list) {
      const name = contender.name
      const ratio =
        name === first || !contender.record
          ? ''
          : ` | this tree / ${name}: loop delay max ${formatNumber(of(first, (r) => r.maxMs) / of(name, (r) => r.maxMs), 2)}, p99 ${formatNumber(of(first, (r) => r.p99Ms) / of(name, (r) => r.p99Ms), 2)}, peak RSS ${formatNumber(of(first, (r) => r.peakRssBytes) / of(name, (r) => r.peakRssBytes), 2)}`
      context.print(
        `record ${name}: median of ${rounds}: loop delay max ${ms(of(name, (r) => r.maxMs))}, p99 ${ms(of(name, (r) => r.p99Ms))}, mean ${ms(of(name, (r) => r.meanMs))}, peak RSS ${mib(of(name, (r) => r.peakRssBytes))}, wall ${ms(of(name, (r) => r.wallMs))}${ratio}`,
      )
      context.summary.push({
        benchmark: `record: ${name}`,
        figure: `loop delay max ${ms(of(name, (r) => r.maxMs))}, peak RSS ${mib(of(name, (r) => r.peakRssBytes))}`,
        target: '',
        met: undefined,
      })
    }
  },
}
