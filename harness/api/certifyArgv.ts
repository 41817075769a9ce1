import { HarnessError } from '../errors/harnessError.js'

/**
 * The options of certify(): those of `l2conf run`, by the flag's name in camelCase (`--max-time` is
 * `maxTime`, `--expect-failures` is `expectFailures`), with the same meaning, units, defaults and
 * validation (they are handed to the run's one parser). Values the flags take as text may be given as
 * numbers; repeatable flags as arrays; `header` and `var` also as objects.
 */
export interface CertifyOptions {
  rpc?: string
  ws?: string
  rest?: string
  /** Start the bundled reference node and REST service and certify them. */
  reference?: boolean
  profile?: 'read-only' | 'full'
  privateKey?: string
  openrpc?: string
  openapi?: string
  only?: string[]
  skip?: string[]
  seed?: number
  runs?: number
  /** Bound on each request, in milliseconds. */
  timeout?: number
  concurrency?: number
  rate?: number
  /** Bound on the whole run, in seconds. */
  maxTime?: number
  header?: string[] | Record<string, string>
  redact?: string[]
  strict?: boolean
  expectFailures?: string
  /** Write report.json, junit.xml and report.html here (certify() writes no files otherwise). */
  reportDir?: string
  junit?: string
  json?: string
  html?: string
  ca?: string
  insecure?: boolean
  server?: string[]
  var?: string[] | Record<string, string>
  /** false is `--no-discover`. */
  discover?: boolean
  discoverMaxRange?: number
  discoverMaxBatch?: number
  discoverMaxBytes?: number
  failFast?: boolean
  maxFailures?: number
  /** 'i/n', or { index, count }. */
  shard?: string | { index: number; count: number }
}

const FLAG_OF: Record<string, string> = {
  rpc: 'rpc',
  ws: 'ws',
  rest: 'rest',
  reference: 'reference',
  profile: 'profile',
  privateKey: 'private-key',
  openrpc: 'openrpc',
  openapi: 'openapi',
  only: 'only',
  skip: 'skip',
  seed: 'seed',
  runs: 'runs',
  timeout: 'timeout',
  concurrency: 'concurrency',
  rate: 'rate',
  maxTime: 'max-time',
  header: 'header',
  redact: 'redact',
  strict: 'strict',
  expectFailures: 'expect-failures',
  reportDir: 'report-dir',
  junit: 'junit',
  json: 'json',
  html: 'html',
  ca: 'ca',
  insecure: 'insecure',
  server: 'server',
  var: 'var',
  discoverMaxRange: 'discover-max-range',
  discoverMaxBatch: 'discover-max-batch',
  discoverMaxBytes: 'discover-max-bytes',
  failFast: 'fail-fast',
  maxFailures: 'max-failures',
  shard: 'shard',
}

function usage(message: string): HarnessError {
  return new HarnessError('L2CONF_ERR_USAGE', message)
}

/**
 * The `l2conf run` arguments that say what `options` says, so certify() and the CLI share one parser
 * (and its errors). An unknown option, or a value of the wrong kind, is an L2CONF_ERR_USAGE error.
 */
export function certifyArgv(options: CertifyOptions): string[] {
  const argv: string[] = []
  for (const [key, value] of Object.entries(options) as Array<[string, unknown]>) {
    if (value === undefined) continue
    if (key === 'discover') {
      if (typeof value !== 'boolean') throw usage('certify(): discover must be true or false')
      if (!value) argv.push('--no-discover')
      continue
    }
    const flag = FLAG_OF[key]
    if (flag === undefined)
      throw usage(
        `certify(): unknown option '${key}' (the options are those of 'l2conf run', in camelCase: ${[...Object.keys(FLAG_OF), 'discover'].join(', ')})`,
      )
    argv.push(...flagValues(`--${flag}`, key, value))
  }
  return argv
}

function flagValues(flag: string, key: string, value: unknown): string[] {
  if (typeof value === 'boolean') return value ? [flag] : []
  if (typeof value === 'string' || typeof value === 'number') return [flag, String(value)]
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.flatMap((item) => [flag, item])
  if (key === 'shard' && isShard(value)) return [flag, `${value.index}/${value.count}`]
  if ((key === 'header' || key === 'var') && value !== null && typeof value === 'object' && Object.values(value).every((item) => typeof item === 'string')) {
    return Object.entries(value as Record<string, string>).flatMap(([name, text]) => [flag, key === 'header' ? `${name}: ${text}` : `${name}=${text}`])
  }
  throw usage(`certify(): option '${key}' has a value of the wrong kind`)
}

function isShard(value: unknown): value is { index: number; count: number } {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { index?: unknown }).index === 'number' &&
    typeof (value as { count?: unknown }).count === 'number'
  )
}
