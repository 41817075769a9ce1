import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { HarnessError } from '../errors/harnessError.js'
import { parseHeaders, randomSeed } from '../run/runConfig.js'
import { readCaFile } from '../tls/readCaFile.js'
import type { DiffTarget } from './runDiff.js'

/** Everything one `l2conf diff` needs, checked before anything is sent. */
export interface DiffConfig {
  targets: [DiffTarget, DiffTarget]
  seed: number
  runs: number
  timeoutMs: number
  concurrency: number
  only: string[]
  headers: Record<string, string>
  /** TLS trust for https/wss targets: a PEM file of extra CAs (--ca), or no verification (--insecure). */
  tls: { ca: string | null; insecure: boolean }
  openrpc: string
  openapi: string
  reportDir: string | null
  json: string | null
  junit: string | null
  html: string | null
}

export const DIFF_USAGE = `Usage: l2conf diff --rpc URL_A --rpc URL_B [--ws URL_A --ws URL_B] [--rest URL_A --rest URL_B] [options]

Asks two targets the same questions and reports where their answers differ: the examples of
openrpc.json, generated params (valid and invalid), and samples drawn from both chains (blocks,
transactions, accounts, ranges) at heights both targets hold; with --rest, every REST path.
What legitimately differs is normalised: client version strings, the moving head (moving block tags
are pinned to the common height), the order of object keys; errors are compared by code, never by
message. A pair of answers that differs is asked once more (state may move between reads).

Targets (in pairs: the first is A, the second B):
  --rpc URL               a JSON-RPC address over HTTP(S); exactly two
  --ws URL                WebSocket addresses: none or two (the same requests are asked over both)
  --rest URL              treasury REST base addresses, ending in /api: none or two
Generation:
  --seed N                seed of the generated params and the chain samples (printed; replay with it)
  --runs N                generated params per method and kind (default 5)
  --only GLOB             compare only methods (or REST paths) matching the glob (repeatable), e.g. 'eth_get*'
Pacing:
  --timeout MS            bound on each request (default 10000); a target that leaves 3 requests in a
                          row unanswered ends the diff
  --concurrency N         requests in flight per target at most (default 4)
TLS:
  --ca FILE               trust this CA (PEM) too, for https:// and wss:// targets
  --insecure              do not verify TLS certificates (noted in the reports)
Specs:
  --openrpc FILE          another openrpc.json than the bundled one
  --openapi FILE          another openapi.yaml than the bundled one
Output:
  --header 'Name: value'  sent to both targets, e.g. auth (repeatable); never written into a report
  --report-dir DIR        where report.json, junit.xml and report.html go (default reports/diff-<timestamp>/)
  --json FILE             write the JSON report here instead
  --junit FILE            write the JUnit XML here instead
  --html FILE             write the HTML report here instead

Exit codes: 0 the targets agree; 1 they differ (or the diff was cut short); 2 bad usage
(checked before anything is sent); 3 a target could not be reached.

Examples:
  l2conf diff --rpc http://127.0.0.1:8545 --rpc https://rpc.new-provider.example
  l2conf diff --rpc http://old:8545 --rpc http://new:8545 --ws ws://old:8545 --ws ws://new:8545 \\
              --rest http://old:3000/api --rest http://new:3000/api --seed 42 --runs 20
  l2conf diff --rpc http://a:8545 --rpc http://b:8545 --only 'eth_getBlock*' --junit diff.xml`

/** The flags of connection and output that `l2conf diff` and `l2conf sweep` share, as node:util parseArgs options. */
export const SHARED_FLAGS = {
  timeout: { type: 'string' },
  concurrency: { type: 'string' },
  header: { type: 'string', multiple: true },
  ca: { type: 'string' },
  insecure: { type: 'boolean' },
  'report-dir': { type: 'string' },
  json: { type: 'string' },
  junit: { type: 'string' },
  html: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

function usage(message: string): HarnessError {
  return new HarnessError('L2CONF_ERR_USAGE', message)
}

/** A whole-number flag within [min, max], or `fallback` when not given; throws L2CONF_ERR_USAGE naming the flag otherwise. */
export function integerFlag(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback
  if (!/^\d+$/.test(text)) throw usage(`--${name} takes a whole number, got '${text}'`)
  const value = Number(text)
  if (value < min || value > max) throw usage(`--${name} must be between ${min} and ${max}, got ${value}`)
  return value
}

function urlPair(name: string, texts: string[] | undefined, schemes: string[], required: boolean): [string, string] | null {
  const list = texts ?? []
  if (list.length === 0 && !required) return null
  if (list.length !== 2) throw usage(`give --${name} exactly twice (target A, then target B), got ${list.length}`)
  for (const text of list) {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      throw usage(`--${name} is not a URL: '${text}'`)
    }
    if (!schemes.includes(url.protocol)) throw usage(`--${name} must be a ${schemes.map((s) => s.replace(':', '')).join(' or ')} URL, got '${text}'`)
  }
  return list as [string, string]
}

/**
 * Parses `l2conf diff` flags into a DiffConfig (or 'help'). Throws HarnessError L2CONF_ERR_USAGE
 * with a one-line reason on bad flags, so usage is refused before anything is sent (exit 2).
 */
export function parseDiffArgs(argv: string[], defaults: { openrpc: string; openapi: string }): DiffConfig | 'help' {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        rpc: { type: 'string', multiple: true },
        ws: { type: 'string', multiple: true },
        rest: { type: 'string', multiple: true },
        seed: { type: 'string' },
        runs: { type: 'string' },
        only: { type: 'string', multiple: true },
        openrpc: { type: 'string' },
        openapi: { type: 'string' },
        ...SHARED_FLAGS,
      },
    })
  } catch (error) {
    throw usage((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
  }
  const v = parsed.values
  if (v.help === true) return 'help'
  const rpc = urlPair('rpc', v.rpc, ['http:', 'https:'], true) as [string, string]
  const ws = urlPair('ws', v.ws, ['ws:', 'wss:'], false)
  const rest = urlPair('rest', v.rest, ['http:', 'https:'], false)
  // Read now, so a wrong path is a usage error (exit 2) before anything is sent.
  if (v.ca !== undefined) readCaFile(v.ca)
  const target = (i: 0 | 1): DiffTarget => ({ rpc: rpc[i], ws: ws?.[i] ?? null, rest: rest?.[i] ?? null })
  return {
    targets: [target(0), target(1)],
    seed: integerFlag('seed', v.seed, randomSeed(), 0, 0x7fffffff),
    runs: integerFlag('runs', v.runs, 5, 0, 10_000),
    timeoutMs: integerFlag('timeout', v.timeout, 10_000, 100, 600_000),
    concurrency: integerFlag('concurrency', v.concurrency, 4, 1, 256),
    only: v.only ?? [],
    headers: parseHeaders(v.header ?? []),
    tls: { ca: v.ca === undefined ? null : resolve(v.ca), insecure: v.insecure === true },
    openrpc: v.openrpc ?? defaults.openrpc,
    openapi: v.openapi ?? defaults.openapi,
    reportDir: v['report-dir'] ?? null,
    json: v.json ?? null,
    junit: v.junit ?? null,
    html: v.html ?? null,
  }
}
