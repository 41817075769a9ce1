import { parseArgs } from 'node:util'
import { HarnessError } from '../errors/harnessError.js'
import { parseHeaders } from '../run/runConfig.js'

export const WATCH_USAGE = `Usage: l2conf watch --rpc URL [--ws URL] [--rest URL] [--rpc URL_B [--ws URL_B] ...] [options]

Watches a node's conformance over time, read-only always, until SIGINT/SIGTERM or --duration:
  every --interval, a light re-certification of the first target (the read-only checks of
  'l2conf run', minus LIMITS and CLIENT-COMPAT; --only/--skip narrow it), its report kept as the
  latest and its changes against the cycle before logged (a check that starts failing, one that recovers);
  continuously on every target, every newHeads notification (gaps, duplicates, a head that goes back,
  no notification for --stall seconds), each announced block read back over HTTP and eth_getBlockRange,
  the head polled over HTTP, latency and errors per method; with several targets, how late each
  announces a block after the first and whether they agree on its hash. A target that goes away is
  downtime, said once with its start and end, and reconnected with back-off.

Every violation goes to the events file (JSON lines, rotated by size) with its exchange and a line
that replays it, and to the rolling report in --report-dir: watch.json and watch.html (the timeline
of violations and downtime) beside the latest cycle's report.json, junit.xml and report.html.

Options:
  --rpc URL               a node's JSON-RPC over HTTP (repeatable: the first is certified each cycle)
  --ws URL                its JSON-RPC over WebSocket (repeatable: the n-th --ws goes with the n-th --rpc)
  --rest URL              the first target's treasury REST base, for the cycles' REST checks
  --name NAME             the n-th target's name in metrics and events (repeatable; default host:port of its --rpc)
  --interval S            seconds between the starts of two cycles of checks (default 300)
  --duration S            stop after S seconds (default: until a signal)
  --stall S               no newHeads notification for S seconds is a stall (default 60)
  --poll S                seconds between two polls of the head over HTTP (default 2)
  --metrics-port P        serve /metrics (Prometheus) and /healthz on this port (0 picks one)
  --metrics-host HOST     the address /metrics listens on (default 127.0.0.1)
  --report-dir DIR        where the rolling report goes (default reports/watch-<timestamp>/)
  --events FILE           the events file (default events.jsonl in --report-dir)
  --events-max-bytes N    rotate the events file past N bytes (default 10485760; 5 rotated files kept)
  --only GLOB, --skip GLOB   select the cycles' checks as 'l2conf run' does (repeatable)
  --timeout MS            bound on each request (default 10000)
  --runs N                generated inputs per property check in each cycle (as 'l2conf run --runs')
  --header 'Name: value'  sent with every request (repeatable); never written anywhere
  --redact PATTERN        mask this in every output (repeatable)

Exit codes: 0 no MUST violation was seen; 1 one was; 2 bad usage; 3 no target could ever be reached.

Examples:
  l2conf watch --rpc http://node:8545 --ws ws://node:8546 --metrics-port 9464
  l2conf watch --rpc http://a:8545 --ws ws://a:8546 --rpc http://b:8545 --ws ws://b:8546 --interval 60 --stall 30`

/** `l2conf watch`'s settings, from its flags. */
export interface WatchConfig {
  targets: Array<{ name: string; rpc: string; ws: string | null }>
  rest: string | null
  intervalS: number
  durationS: number | null
  stallS: number
  pollS: number
  metrics: { host: string; port: number } | null
  reportDir: string | null
  eventsFile: string | null
  eventsMaxBytes: number
  only: string[]
  skip: string[]
  timeoutMs: number
  /** Flags handed to the cycles' run as given. */
  runArgs: string[]
  headers: Record<string, string>
  redact: string[]
}

const usage = (message: string): HarnessError => new HarnessError('L2CONF_ERR_USAGE', message)

function address(text: string, flag: string, schemes: readonly string[]): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw usage(`${flag} must be a URL (${schemes.join(' or ')}), got '${text.slice(0, 80)}'`)
  }
  if (!schemes.includes(url.protocol.replace(/:$/, ''))) throw usage(`${flag} must be a ${schemes.join(' or ')} URL, got '${url.protocol}'`)
  return text
}

function positive(text: string | undefined, flag: string, fallback: number, integer = false): number {
  if (text === undefined) return fallback
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value)))
    throw usage(`${flag} must be a positive ${integer ? 'whole number' : 'number'}, got '${text.slice(0, 40)}'`)
  return value
}

/** Parses `l2conf watch`'s flags; throws HarnessError L2CONF_ERR_USAGE with the reason (exit 2). */
export function parseWatchArgs(argv: readonly string[]): WatchConfig | 'help' {
  let values: Record<string, string | string[] | boolean | undefined>
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        rpc: { type: 'string', multiple: true },
        ws: { type: 'string', multiple: true },
        rest: { type: 'string' },
        name: { type: 'string', multiple: true },
        interval: { type: 'string' },
        duration: { type: 'string' },
        stall: { type: 'string' },
        poll: { type: 'string' },
        'metrics-port': { type: 'string' },
        'metrics-host': { type: 'string' },
        'report-dir': { type: 'string' },
        events: { type: 'string' },
        'events-max-bytes': { type: 'string' },
        only: { type: 'string', multiple: true },
        skip: { type: 'string', multiple: true },
        timeout: { type: 'string' },
        runs: { type: 'string' },
        header: { type: 'string', multiple: true },
        redact: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    throw usage((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
  }
  if (values.help === true) return 'help'
  const list = (name: string): string[] => (values[name] as string[] | undefined) ?? []
  const rpcs = list('rpc').map((url) => address(url, '--rpc', ['http', 'https']))
  const wss = list('ws').map((url) => address(url, '--ws', ['ws', 'wss']))
  const names = list('name')
  if (rpcs.length === 0) throw usage('name the node to watch: --rpc URL')
  if (wss.length > rpcs.length) throw usage(`${wss.length} --ws for ${rpcs.length} --rpc: the n-th --ws goes with the n-th --rpc`)
  if (names.length > rpcs.length) throw usage(`${names.length} --name for ${rpcs.length} --rpc`)
  const targets = rpcs.map((rpc, index) => {
    const { host } = new URL(rpc)
    return { name: names[index] ?? host, rpc, ws: wss[index] ?? null }
  })
  const taken = new Set<string>()
  for (const target of targets) {
    if (taken.has(target.name)) throw usage(`two targets are named '${target.name}': tell them apart with --name`)
    taken.add(target.name)
  }
  const port = values['metrics-port'] as string | undefined
  if (port !== undefined && (!/^\d{1,5}$/.test(port) || Number(port) > 65535))
    throw usage(`--metrics-port must be a port number from 0 to 65535, got '${port.slice(0, 40)}'`)
  const rest = values.rest as string | undefined
  const timeoutMs = positive(values.timeout as string | undefined, '--timeout', 10_000, true)
  const runs = values.runs as string | undefined
  const headerLines = list('header')
  const runArgs = [
    '--timeout',
    String(timeoutMs),
    ...(runs === undefined ? [] : ['--runs', runs]),
    ...headerLines.flatMap((line) => ['--header', line]),
    ...list('redact').flatMap((p) => ['--redact', p]),
  ]
  const duration = values.duration as string | undefined
  return {
    targets,
    rest: rest === undefined ? null : address(rest, '--rest', ['http', 'https']),
    intervalS: positive(values.interval as string | undefined, '--interval', 300),
    durationS: duration === undefined ? null : positive(duration, '--duration', 0),
    stallS: positive(values.stall as string | undefined, '--stall', 60),
    pollS: positive(values.poll as string | undefined, '--poll', 2),
    metrics: port === undefined ? null : { host: (values['metrics-host'] as string | undefined) ?? '127.0.0.1', port: Number(port) },
    reportDir: (values['report-dir'] as string | undefined) ?? null,
    eventsFile: (values.events as string | undefined) ?? null,
    eventsMaxBytes: positive(values['events-max-bytes'] as string | undefined, '--events-max-bytes', 10 * 1024 * 1024, true),
    only: list('only'),
    skip: list('skip'),
    timeoutMs,
    runArgs,
    headers: parseHeaders(headerLines),
    redact: list('redact'),
  }
}
