import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { HarnessError } from '../errors/harnessError.js'
import { redactionPattern } from '../report/redactionPattern.js'
import { maskUrl } from '../transport/maskUrl.js'
import type { TranscriptFile } from '../transcript/recordedExchange.js'

/** Everything one `l2conf run` needs; serialisable (it travels to the suite's workers). */
export interface RunConfig {
  rpc: string | null
  ws: string | null
  rest: string | null
  reference: boolean
  /** --block-time S with --reference: the bundled reference makes a block with a log every S seconds (null: a still chain). */
  blockTime: number | null
  /** --port / --rest-port P with --reference: the ports the bundled reference listens on (0: free ports, the default). */
  referencePorts: { rpc: number; rest: number }
  profile: 'read-only' | 'full'
  /** Never written into a report; redacted from everything. */
  privateKey: string | null
  openrpc: string
  openapi: string
  only: string[]
  skip: string[]
  seed: number
  /**
   * Random bytes of this run (no flag): what sets its BLOCKED-SENDTX probes apart from another run's
   * with the same seed on the same node at the same time (CI shards, a fleet behind one node). A
   * recording keeps it, and checking the recording reuses it, so the probes are the recorded ones.
   */
  runNonce: string
  runs: number
  timeoutMs: number
  concurrency: number
  rate: number | null
  /** Header name -> value; values are secrets (never written into a report). */
  headers: Record<string, string>
  /** --redact PATTERN: more text to mask in every output (a regular expression, or a literal). */
  redact: string[]
  strict: boolean
  expectFailures: string | null
  reportDir: string | null
  /** Bound on the whole run; past it the run stops and writes what it has. */
  maxTimeMs: number
  /** TLS trust: a PEM file of extra CAs (--ca), or no verification at all (--insecure, reported as a warning). */
  tls: { ca: string | null; insecure: boolean }
  /** Targets named by the specs' `servers` (--server, repeatable) and their variables (--var name=value). */
  servers: string[]
  serverVariables: Record<string, string>
  /** Discover the limits the target enforces (LIMITS, level INFO); --no-discover turns it off. */
  discover: boolean
  /** Caps on what discovery may ask for (never above them). */
  discoverCaps: { blockRange: number; batchItems: number; requestBytes: number }
  /** --list: print the checks the selection picks, and send nothing. */
  list: boolean
  /** --format: the list and the end-of-run summary on stdout as text (default) or JSON. */
  format: 'text' | 'json'
  /** --max-failures N (--fail-fast is 1): stop the run after N failed checks; the rest are not-run. */
  maxFailures: number | null
  /** --quiet: no progress and no summary; errors and safety notices only. */
  quiet: boolean
  /** --junit / --json / --html FILE: stable paths the reports are also written to, beside the report directory. */
  outputs: ReportOutputs
  /** --shard i/n: run only the i-th of n even slices of the checks, by id (a partial report). */
  shard: Shard | null
  /** --targets FILE: a YAML list of named targets, each certified in turn, with one fleet summary. */
  targets: string | null
  /** --record DIR: write every exchange of the run as a transcript there (ARCHITECTURE.md, transcripts). */
  record?: string | null
  /** Answer every request from this transcript folder instead of the network (`l2conf check`); never a flag of run. */
  replay?: string | null
  /** The replayed folder's files as `l2conf check` already read them (each file is read and parsed once). */
  replayFiles?: TranscriptFile[]
  /** When the transcript being replayed was recorded (its manifest's recordedAt): the replayed clock starts there. */
  recordedAt?: string | null
}

/** Extra paths for each report form (null: only in the report directory). */
export interface ReportOutputs {
  junit: string | null
  json: string | null
  html: string | null
}

/** One slice of a sharded run: index is 1-based, index <= count. */
export interface Shard {
  index: number
  count: number
}

/** A development key of the bundled reference (the tenth well-known test account), for --reference runs. */
export const REFERENCE_DEV_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'

export const RUN_USAGE = `Usage: l2conf run --rpc URL [--ws URL] [--rest URL] [options]
       l2conf run --reference [options]

Certifies a node's JSON-RPC interface (and its treasury REST API) against openrpc.json, openapi.yaml
and the requirements of the interface document. Writes report.json, junit.xml and report.html.

Target:
  --rpc URL               the node's JSON-RPC address over HTTP(S)
  --ws URL                its WebSocket address (WebSocket checks are skipped without it)
  --rest URL              the treasury REST base address, ending in /api (REST checks skipped without it)
  --reference             start the bundled reference node and REST service and certify them (with
                          --profile full and a development key unless --profile is given)
                          A run must name its target: no --rpc, --server or --reference is exit 2.
  --block-time S          with --reference: a live chain, a block with a log every S seconds (1 to 3600),
                          so read-only subscription checks have a moving head to judge
  --port P, --rest-port P with --reference: the ports the reference's node and REST service listen on
                          (default 0: free ports, said in the run's first lines), e.g. for a proxy or a
                          second tool pointed at the same reference
Profile:
  --profile read-only|full   full also sends signed transactions (default read-only: nothing that changes state)
  --private-key HEX       the key full sends from (or the environment variable L2CONF_PRIVATE_KEY)
Specs:
  --openrpc FILE          another openrpc.json than the bundled one
  --openapi FILE          another openapi.yaml than the bundled one
Selection:
  --only GLOB             run only checks whose id or requirement matches (repeatable), e.g. 'RANGE-*'
  --skip GLOB             skip checks whose id or requirement matches (repeatable)
                          A glob that matches no check id and no requirement id is exit 2.
  --list                  print every check (id, requirement, level, transports, needs, selected or why
                          not, title); sends nothing. With --shard, the checks of that slice only
  --strict                SHOULD-level failures fail the run too
  --expect-failures FILE  known deviations: reported as known failures, not failing the run
Generation and pacing:
  --seed N                seed of the property-based inputs (printed; replay a failure with it)
  --runs N                generated cases per property (default 20; raise for deeper certification)
  --timeout MS            bound on each request (default 10000)
  --concurrency N         requests in flight at most (default 8)
  --rate N                requests per second at most (default unlimited)
  --max-time S            bound on the whole run in seconds (default 600); past it the report of what ran is written
TLS and addresses:
  --ca FILE               trust this CA (PEM) for https:// and wss:// targets, e.g. a private CA
  --insecure              do not verify TLS certificates (shown as a warning at the top of every report)
  --server NAME           take an address from the specs' servers (repeatable): an openrpc.json server
                          gives --rpc or --ws (by its scheme), an openapi.yaml server gives --rest
  --var NAME=VALUE        fill a server variable (repeatable); SERVER.NAME=VALUE for one server only
Limits:
  --no-discover           do not measure the limits the target enforces (the shortest run)
  --discover-max-range N  discovery asks for at most N blocks in one eth_getBlockRange (default 10000)
  --discover-max-batch N  at most N items in one batch (default 10000)
  --discover-max-bytes N  at most N bytes in one request body (default 16777216)
Output:
  --header 'Name: value'  sent with every request, e.g. auth (repeatable); never written into a report
  --redact PATTERN        mask this regular expression (or literal text) in every output (repeatable);
                          URL passwords, query values and key-like path segments are always masked
  --report-dir DIR        where the reports go (default reports/<timestamp>/, with reports/latest
                          pointing at the newest); one that cannot be written is exit 2 before the run
  --junit FILE            also write junit.xml here (a stable path for CI); likewise --json FILE
  --json FILE             (report.json) and --html FILE (report.html); each checked before the run
  --html FILE
  --format text|json      --list and the end-of-run summary on stdout as text (default) or one JSON document
  --quiet, -q             no progress and no summary: errors and safety notices only (exit code and reports as usual)
CI:
  --fail-fast             stop at the first failed check: the rest are not-run, the verdict fail (exit 1)
  --max-failures N        stop after N failed checks (likewise)
  --shard I/N             run the I-th of N even slices of the checks (by check id, the same on every
                          machine): a partial report; 'l2conf merge DIR...' joins the slices into one certification
  --targets FILE          certify each target a YAML file names (a list of name, rpc, ws, rest) and write
                          one fleet summary (fleet.json, fleet.html: targets x requirements) beside each
                          target's reports, in <report-dir>/<name>/
  --record DIR            also write every exchange as a transcript into DIR (a new or empty folder):
                          rpc/<check-id>.io, rest/<check-id>.rest and transcript.json; 'l2conf check DIR'
                          judges it again offline, 'l2conf replay DIR' sends it to another target

Environment: every flag has a variable, L2CONF_ and the flag's name in capitals with _ for -
(L2CONF_RPC, L2CONF_WS, L2CONF_REST, L2CONF_PROFILE, L2CONF_SEED, L2CONF_RUNS, L2CONF_STRICT,
L2CONF_MAX_TIME, L2CONF_NO_DISCOVER, L2CONF_PRIVATE_KEY, ...); flags win. Booleans take 1/true or
0/false; repeatable flags take a comma-separated list (L2CONF_HEADER and L2CONF_REDACT: one per line).
The CI flags too: L2CONF_FORMAT, L2CONF_FAIL_FAST, L2CONF_MAX_FAILURES, L2CONF_QUIET, L2CONF_JUNIT,
L2CONF_JSON, L2CONF_HTML, L2CONF_SHARD, L2CONF_TARGETS (--list and --help are flags only).

Exit codes: 0 every MUST check passed (with --strict every SHOULD too, and no MUST check inconclusive);
1 a check failed, the run was interrupted, or nothing was certified (no check reached a verdict);
2 bad usage or config (before anything is sent); 3 the target could not be reached at all.

Examples:
  l2conf run --reference
  l2conf run --rpc https://rpc.example.org --ws wss://ws.example.org --rest https://api.example.org/api
  l2conf run --rpc http://127.0.0.1:8545 --only 'RANGE-*' --seed 42 --runs 200
  L2CONF_PRIVATE_KEY=0x... l2conf run --rpc https://staging.example.org --profile full --strict
  l2conf run --server mainnet-https --server mainnet-websocket --var mainnet-https.host=rpc.example.org \\
             --var mainnet-websocket.host=ws.example.org --ca private-ca.pem
  l2conf run --list --only 'RANGE-*' --format json
  l2conf run --rpc "$L2CONF_RPC" --fail-fast --quiet --junit junit.xml --html report.html
  l2conf run --rpc "$L2CONF_RPC" --shard 2/3 --seed 42 --report-dir shard-2 && l2conf merge shard-*
  l2conf run --targets fleet.yaml --report-dir fleet`

/** A fresh random seed (32 bits, positive), printed with the run so it can be replayed. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff)
}

function usage(message: string): HarnessError {
  return new HarnessError('L2CONF_ERR_USAGE', message)
}

/** Parses `Name: value` header flags; the values are secrets. */
export function parseHeaders(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = colon > 0 ? line.slice(0, colon).trim() : ''
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw usage(`--header must look like 'Name: value', got '${line.slice(0, 40)}'`)
    headers[name] = line.slice(colon + 1).trim()
  }
  return headers
}

/** A private key as 0x + 64 hex digits, or a usage error that never echoes the key. */
export function normalisePrivateKey(text: string): string {
  const hex = text.trim().replace(/^0x/i, '')
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw usage('the private key must be 32 bytes of hex (64 hex digits, 0x optional)')
  return `0x${hex.toLowerCase()}`
}

/** The options of `l2conf run`; each (but --help and --list) can also come from its environment variable (envVarFor). */
const OPTIONS = {
  rpc: { type: 'string' },
  ws: { type: 'string' },
  rest: { type: 'string' },
  reference: { type: 'boolean' },
  'block-time': { type: 'string' },
  port: { type: 'string' },
  'rest-port': { type: 'string' },
  profile: { type: 'string' },
  'private-key': { type: 'string' },
  openrpc: { type: 'string' },
  openapi: { type: 'string' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  seed: { type: 'string' },
  runs: { type: 'string' },
  timeout: { type: 'string' },
  concurrency: { type: 'string' },
  rate: { type: 'string' },
  'max-time': { type: 'string' },
  header: { type: 'string', multiple: true },
  redact: { type: 'string', multiple: true },
  strict: { type: 'boolean' },
  'expect-failures': { type: 'string' },
  'report-dir': { type: 'string' },
  ca: { type: 'string' },
  insecure: { type: 'boolean' },
  server: { type: 'string', multiple: true },
  var: { type: 'string', multiple: true },
  'no-discover': { type: 'boolean' },
  'discover-max-range': { type: 'string' },
  'discover-max-batch': { type: 'string' },
  'discover-max-bytes': { type: 'string' },
  format: { type: 'string' },
  'fail-fast': { type: 'boolean' },
  'max-failures': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  junit: { type: 'string' },
  json: { type: 'string' },
  html: { type: 'string' },
  shard: { type: 'string' },
  targets: { type: 'string' },
  list: { type: 'boolean' },
  record: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

type OptionName = keyof typeof OPTIONS
type Values = {
  [K in OptionName]?: (typeof OPTIONS)[K] extends { type: 'boolean' } ? boolean : (typeof OPTIONS)[K] extends { multiple: true } ? string[] : string
}

/** The environment variable of a flag: `--max-time` is L2CONF_MAX_TIME, `--no-discover` L2CONF_NO_DISCOVER. */
export function envVarFor(flag: string): string {
  return `L2CONF_${flag.toUpperCase().replace(/-/g, '_')}`
}

/** Flags the environment cannot set: they are about this invocation, not the run. */
const FLAG_ONLY: ReadonlySet<OptionName> = new Set(['help', 'list'])
/** Repeatable flags in the environment: one value per line (--header), or comma-separated (the rest). */
const LINE_SEPARATED: ReadonlySet<OptionName> = new Set(['header', 'redact'])

function boolFromEnv(name: string, text: string): boolean {
  if (/^(1|true|yes|on)$/i.test(text)) return true
  if (/^(0|false|no|off|)$/i.test(text)) return false
  throw usage(`${name} must be 1 or true (or 0 or false), got '${text.slice(0, 40)}'`)
}

/** Values the environment sets (L2CONF_*), parsed like their flags; an unusable boolean is a usage error naming the variable. */
function valuesFromEnvironment(env: NodeJS.ProcessEnv): { values: Values; sources: Map<OptionName, string> } {
  const values: Record<string, unknown> = {}
  const sources = new Map<OptionName, string>()
  for (const [name, option] of Object.entries(OPTIONS) as Array<[OptionName, { type: string; multiple?: boolean }]>) {
    if (FLAG_ONLY.has(name)) continue
    const variable = envVarFor(name)
    const text = env[variable]
    if (text === undefined) continue
    if (option.type === 'boolean') values[name] = boolFromEnv(variable, text.trim())
    else if (text === '') continue
    else if (option.multiple === true)
      values[name] = (LINE_SEPARATED.has(name) ? text.split(/\r?\n/) : text.split(',')).map((part) => part.trim()).filter((part) => part !== '')
    else values[name] = text
    sources.set(name, variable)
  }
  // The older spelling of --no-discover's variable: L2CONF_DISCOVER=0.
  if (env.L2CONF_DISCOVER !== undefined && !sources.has('no-discover')) {
    values['no-discover'] = !boolFromEnv('L2CONF_DISCOVER', env.L2CONF_DISCOVER.trim())
    sources.set('no-discover', 'L2CONF_DISCOVER')
  }
  return { values: values as Values, sources }
}

/** Where a run's target comes from when neither a flag nor the environment names one. */
export type ImplicitTarget = 'refuse' | 'reference'

export const NO_TARGET_MESSAGE = `no target: name the node to certify with --rpc URL (or L2CONF_RPC), or --server NAME;
  or certify the bundled reference node with --reference, e.g. l2conf run --reference`

/**
 * The one parser of a run's configuration (ARCHITECTURE.md, the CLI contract): \`l2conf run\` flags, then the
 * L2CONF_* environment variable of each flag (envVarFor) for what the flags leave unset, validated
 * alike, with one set of defaults. \`implicitTarget\` says what a run that names no target does: the CLI
 * refuses it (exit 2), a plain \`vitest --project conformance\` certifies the bundled reference.
 * Throws HarnessError L2CONF_ERR_USAGE with a one-line reason naming the flag or variable at fault.
 */
export function parseRunArgs(
  argv: string[],
  defaults: { openrpc: string; openapi: string; env?: NodeJS.ProcessEnv; implicitTarget?: ImplicitTarget },
): RunConfig | 'help' {
  let parsed
  try {
    parsed = parseArgs({ args: argv, strict: true, allowPositionals: false, options: OPTIONS })
  } catch (error) {
    throw usage((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
  }
  const flags = parsed.values as Values
  if (flags.help === true) return 'help'
  const fromEnv = valuesFromEnvironment(defaults.env ?? process.env)
  // A target named by a flag replaces the environment's whole target (flags win).
  if (flags.rpc !== undefined || flags.server !== undefined || flags.reference === true || flags.targets !== undefined) {
    for (const name of ['rpc', 'server', 'reference', 'targets'] as const) {
      delete fromEnv.values[name]
      fromEnv.sources.delete(name)
    }
    if (flags.reference === true || flags.targets !== undefined) for (const name of ['ws', 'rest'] as const) delete fromEnv.values[name]
  }
  const v: Values = { ...fromEnv.values, ...flags }
  const label = (name: OptionName): string => (name in flags ? `--${name}` : (fromEnv.sources.get(name) ?? `--${name}`))

  const integer = (name: OptionName, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const text = v[name]
    if (typeof text !== 'string') return fallback
    if (!/^\d+$/.test(text)) throw usage(`${label(name)} takes a whole number, got '${text.slice(0, 40)}'`)
    const value = Number(text)
    if (value < min || value > max) throw usage(`${label(name)} must be between ${min} and ${max}, got ${value}`)
    return value
  }
  const url = (name: 'rpc' | 'ws' | 'rest', schemes: string[]): string | null => {
    const text = v[name]
    if (text === undefined) return null
    let parsedUrl: URL
    try {
      parsedUrl = new URL(text)
    } catch {
      throw usage(`${label(name)} is not a URL: '${maskUrl(text)}'`)
    }
    if (!schemes.includes(parsedUrl.protocol))
      throw usage(`${label(name)} must be a ${schemes.map((s) => s.replace(':', '')).join(' or ')} URL, got '${maskUrl(text)}'`)
    return text
  }

  const rpc = url('rpc', ['http:', 'https:'])
  const servers = v.server ?? []
  if (v.reference === true && (rpc !== null || servers.length > 0)) throw usage('give either --reference or a target (--rpc, --server), not both')
  if (rpc === null && servers.length === 0 && (v.ws !== undefined || v.rest !== undefined)) throw usage("--ws and --rest need the node's --rpc address too")
  const targets = v.targets ?? null
  if (targets !== null && (v.reference === true || rpc !== null || servers.length > 0))
    throw usage(`${label('targets')} names every target itself: give it without --rpc, --server or --reference`)
  const named = v.reference === true || rpc !== null || servers.length > 0 || targets !== null
  if (!named && (defaults.implicitTarget ?? 'refuse') === 'refuse' && flags.list !== true) throw usage(NO_TARGET_MESSAGE)
  const reference = v.reference === true || (rpc === null && servers.length === 0 && targets === null)
  if (v['block-time'] !== undefined && !reference) throw usage(`${label('block-time')} makes the bundled reference a live chain: it goes with --reference`)
  for (const name of ['port', 'rest-port'] as const)
    if (v[name] !== undefined && !reference) throw usage(`${label(name)} is where the bundled reference listens: it goes with --reference`)
  if (v.profile !== undefined && v.profile !== 'read-only' && v.profile !== 'full') throw usage(`${label('profile')} is read-only or full, got '${v.profile}'`)
  const keyText = v['private-key']
  const profile = (v.profile ?? (reference ? 'full' : 'read-only')) as RunConfig['profile']
  const privateKey = keyText === undefined || keyText === '' ? (reference ? REFERENCE_DEV_KEY : null) : normalisePrivateKey(keyText)
  if (profile === 'full' && privateKey === null) throw usage('--profile full sends signed transactions: give --private-key or set L2CONF_PRIVATE_KEY')
  return {
    rpc,
    ws: url('ws', ['ws:', 'wss:']),
    rest: url('rest', ['http:', 'https:']),
    reference,
    blockTime: v['block-time'] === undefined ? null : integer('block-time', 1, 1, 3600),
    referencePorts: { rpc: integer('port', 0, 0, 65535), rest: integer('rest-port', 0, 0, 65535) },
    profile,
    privateKey,
    openrpc: v.openrpc ?? defaults.openrpc,
    openapi: v.openapi ?? defaults.openapi,
    only: v.only ?? [],
    skip: v.skip ?? [],
    seed: integer('seed', randomSeed(), 0, 0x7fffffff),
    runNonce: randomBytes(8).toString('hex'),
    runs: integer('runs', 20, 1, 100_000),
    timeoutMs: integer('timeout', 10_000, 100, 600_000),
    concurrency: integer('concurrency', 8, 1, 1024),
    rate: v.rate === undefined ? null : integer('rate', 0, 1, 100_000),
    headers: parseHeaders(v.header ?? []),
    redact: parseRedactions(v.redact ?? [], label('redact')),
    strict: v.strict === true,
    expectFailures: v['expect-failures'] ?? null,
    reportDir: v['report-dir'] ?? null,
    maxTimeMs: integer('max-time', 600, 5, 86_400) * 1000,
    tls: { ca: v.ca ?? null, insecure: v.insecure === true },
    servers,
    serverVariables: parseVariables(v.var ?? []),
    discover: v['no-discover'] !== true,
    discoverCaps: {
      blockRange: integer('discover-max-range', 10_000, 1, 1_000_000),
      batchItems: integer('discover-max-batch', 10_000, 1, 1_000_000),
      requestBytes: integer('discover-max-bytes', 16 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    },
    list: flags.list === true,
    format: parseFormat(v.format, label('format')),
    maxFailures: parseMaxFailures(
      v['fail-fast'] === true,
      v['max-failures'] === undefined ? null : integer('max-failures', 1, 1, 1_000_000),
      label('max-failures'),
    ),
    quiet: v.quiet === true,
    outputs: { junit: v.junit ?? null, json: v.json ?? null, html: v.html ?? null },
    shard: v.shard === undefined ? null : parseShard(v.shard, label('shard')),
    targets,
    record: v.record ?? null,
  }
}

/** `--format text|json`. */
function parseFormat(text: string | undefined, name: string): RunConfig['format'] {
  if (text === undefined || text === 'text' || text === 'json') return text ?? 'text'
  throw usage(`${name} is text or json, got '${text.slice(0, 40)}'`)
}

/** `--fail-fast` is `--max-failures 1`; both at once must agree. */
function parseMaxFailures(failFast: boolean, maxFailures: number | null, name: string): number | null {
  if (failFast && maxFailures !== null && maxFailures !== 1) throw usage(`--fail-fast stops at the first failure; it contradicts ${name} ${maxFailures}`)
  return failFast ? 1 : maxFailures
}

/** `--shard i/n`: the i-th (from 1) of n slices, n at most 64. */
export function parseShard(text: string, name = '--shard'): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim())
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (match === null || count < 1 || count > 64 || index < 1 || index > count)
    throw usage(`${name} takes i/n with 1 <= i <= n <= 64 (e.g. 2/3), got '${text.slice(0, 40)}'`)
  return { index, count }
}

/** `--redact PATTERN`: a regular expression, or (when it does not compile) a literal; checked here so a bad one is a usage error. */
function parseRedactions(patterns: string[], name: string): string[] {
  for (const pattern of patterns) {
    if (pattern.length < 3) throw usage(`${name} needs at least 3 characters, got '${pattern}' (it would mask too much)`)
    if (redactionPattern(pattern).test('')) throw usage(`${name} '${pattern}' matches the empty string`)
  }
  return patterns
}

/** Parses `--var name=value` flags. */
export function parseVariables(lines: string[]): Record<string, string> {
  const variables: Record<string, string> = {}
  for (const line of lines) {
    const eq = line.indexOf('=')
    if (eq <= 0) throw usage(`--var must look like name=value, got '${line}'`)
    variables[line.slice(0, eq)] = line.slice(eq + 1)
  }
  return variables
}
