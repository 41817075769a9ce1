import { parseArgs } from 'node:util'
import { HarnessError } from '../errors/harnessError.js'

/** Everything one `l2conf run` needs; serialisable (it travels to the suite's workers). */
export interface RunConfig {
  rpc: string | null
  ws: string | null
  rest: string | null
  reference: boolean
  profile: 'read-only' | 'full'
  /** Never written into a report; redacted from everything. */
  privateKey: string | null
  openrpc: string
  openapi: string
  only: string[]
  skip: string[]
  seed: number
  runs: number
  timeoutMs: number
  concurrency: number
  rate: number | null
  /** Header name -> value; values are secrets (never written into a report). */
  headers: Record<string, string>
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
}

export const RUN_USAGE = `Usage: l2conf run --rpc URL [--ws URL] [--rest URL] [options]
       l2conf run [--reference] [options]

Certifies a node's JSON-RPC interface (and its treasury REST API) against openrpc.json, openapi.yaml
and the requirements of the interface document. Writes report.json, junit.xml and report.html.

Target:
  --rpc URL               the node's JSON-RPC address over HTTP(S)
  --ws URL                its WebSocket address (WebSocket checks are skipped without it)
  --rest URL              the treasury REST base address, ending in /api (REST checks skipped without it)
  --reference             start the bundled reference node and REST service and certify them: the
                          default when no --rpc is given (with --profile full and a development key
                          unless --profile is given)
Profile:
  --profile read-only|full   full also sends signed transactions (default read-only: nothing that changes state)
  --private-key HEX       the key full sends from (or the environment variable L2CONF_PRIVATE_KEY)
Specs:
  --openrpc FILE          another openrpc.json than the bundled one
  --openapi FILE          another openapi.yaml than the bundled one
Selection:
  --only GLOB             run only checks whose id or requirement matches (repeatable), e.g. 'RANGE-*'
  --skip GLOB             skip checks whose id or requirement matches (repeatable)
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
  --report-dir DIR        where the reports go (default reports/<timestamp>/)

Exit codes: 0 every MUST check passed; 1 at least one failed; 2 bad usage or config;
3 the target could not be reached at all.

Examples:
  l2conf run --reference
  l2conf run --rpc https://rpc.example.org --ws wss://ws.example.org --rest https://api.example.org/api
  l2conf run --rpc http://127.0.0.1:8545 --only 'RANGE-*' --seed 42 --runs 200
  L2CONF_PRIVATE_KEY=0x... l2conf run --rpc https://staging.example.org --profile full --strict
  l2conf run --server mainnet-https --server mainnet-websocket --var mainnet-https.host=rpc.example.org \\
             --var mainnet-websocket.host=ws.example.org --ca private-ca.pem`

/** A fresh random seed (32 bits, positive), printed with the run so it can be replayed. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff)
}

function usage(message: string): HarnessError {
  return new HarnessError('L2CONF_ERR_USAGE', message)
}

function integerFlag(name: string, text: string | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (text === undefined) return fallback
  if (!/^\d+$/.test(text)) throw usage(`--${name} takes a whole number, got '${text}'`)
  const value = Number(text)
  if (value < min || value > max) throw usage(`--${name} must be between ${min} and ${max}, got ${value}`)
  return value
}

function urlFlag(name: string, text: string | undefined, schemes: string[]): string | null {
  if (text === undefined) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw usage(`--${name} is not a URL: '${text}'`)
  }
  if (!schemes.includes(url.protocol)) throw usage(`--${name} must be a ${schemes.map((s) => s.replace(':', '')).join(' or ')} URL, got '${text}'`)
  return text
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

/**
 * Parses `l2conf run` flags (DESIGN.md, the CLI contract) into a RunConfig.
 * Throws HarnessError L2CONF_ERR_USAGE with a one-line reason on bad flags.
 */
export function parseRunArgs(argv: string[], defaults: { openrpc: string; openapi: string; env?: NodeJS.ProcessEnv }): RunConfig | 'help' {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        rpc: { type: 'string' },
        ws: { type: 'string' },
        rest: { type: 'string' },
        reference: { type: 'boolean' },
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
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw usage((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
  }
  const v = parsed.values
  if (v.help === true) return 'help'
  const env = defaults.env ?? process.env
  const rpc = urlFlag('rpc', v.rpc, ['http:', 'https:'])
  const servers = v.server ?? []
  if (v.reference === true && (rpc !== null || servers.length > 0)) throw usage('give either --reference or a target (--rpc, --server), not both')
  if (rpc === null && servers.length === 0 && (v.ws !== undefined || v.rest !== undefined)) throw usage('--ws and --rest need the node\'s --rpc address too')
  // Without a target, the embedded default: the bundled reference.
  const reference = v.reference === true || (rpc === null && servers.length === 0)
  if (v.profile !== undefined && v.profile !== 'read-only' && v.profile !== 'full') throw usage(`--profile is read-only or full, got '${v.profile}'`)
  const keyText = v['private-key'] ?? env.L2CONF_PRIVATE_KEY
  const profile = (v.profile ?? (reference ? 'full' : 'read-only')) as RunConfig['profile']
  const privateKey = keyText === undefined || keyText === '' ? null : normalisePrivateKey(keyText)
  if (profile === 'full' && privateKey === null && !reference) throw usage('--profile full sends signed transactions: give --private-key or set L2CONF_PRIVATE_KEY')
  return {
    rpc,
    ws: urlFlag('ws', v.ws, ['ws:', 'wss:']),
    rest: urlFlag('rest', v.rest, ['http:', 'https:']),
    reference,
    profile,
    privateKey,
    openrpc: v.openrpc ?? defaults.openrpc,
    openapi: v.openapi ?? defaults.openapi,
    only: v.only ?? [],
    skip: v.skip ?? [],
    seed: integerFlag('seed', v.seed, randomSeed(), 0, 0x7fffffff),
    runs: integerFlag('runs', v.runs, 20, 1, 100_000),
    timeoutMs: integerFlag('timeout', v.timeout, 10_000, 100, 600_000),
    concurrency: integerFlag('concurrency', v.concurrency, 8, 1, 1024),
    rate: v.rate === undefined ? null : integerFlag('rate', v.rate, 0, 1, 100_000),
    headers: parseHeaders(v.header ?? []),
    strict: v.strict === true,
    expectFailures: v['expect-failures'] ?? null,
    reportDir: v['report-dir'] ?? null,
    maxTimeMs: integerFlag('max-time', v['max-time'], 600, 5, 86_400) * 1000,
    tls: { ca: v.ca ?? null, insecure: v.insecure === true },
    servers,
    serverVariables: parseVariables(v.var ?? []),
    discover: v['no-discover'] !== true,
    discoverCaps: {
      blockRange: integerFlag('discover-max-range', v['discover-max-range'], 10_000, 1, 1_000_000),
      batchItems: integerFlag('discover-max-batch', v['discover-max-batch'], 10_000, 1, 1_000_000),
      requestBytes: integerFlag('discover-max-bytes', v['discover-max-bytes'], 16 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    },
  }
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
