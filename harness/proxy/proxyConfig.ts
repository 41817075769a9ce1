import { parseArgs } from 'node:util'
import { HarnessError } from '../errors/harnessError.js'
import { redactionPattern } from '../report/redactionPattern.js'
import { envVarFor, parseHeaders } from '../run/runConfig.js'

export const PROXY_USAGE = `Usage: l2conf proxy --upstream URL --port P [options]

Forwards live JSON-RPC (HTTP, single and batch; WebSocket, subscriptions) and REST traffic to a
node byte for byte, and judges every exchange with the suite's own judges: the JSON-RPC envelope
and ids, each method's result against openrpc.json, blocked methods (x-blocked) answering an error,
eth_getBlockRange's order (and its full transactions when a range goes by in both forms), error
shapes and codes, REST bodies against openapi.yaml. Writes report.json, junit.xml and report.html
(the format of 'l2conf run', with coverage) on SIGINT or SIGTERM, after --duration, on SIGUSR2, or
on GET /.l2conf/report (answered by the proxy, never forwarded). Prints a summary line on stderr
every minute. A client's own malformed request is reported apart, not charged to the node.

Options:
  --upstream URL          the node's JSON-RPC over HTTP (required)
  --ws-upstream URL       the node's JSON-RPC over WebSocket, served on --port too (else upgrades are refused)
  --rest-upstream URL     the node's REST base (e.g. http://node:3000/api), served on --rest-port
  --port P                where clients send JSON-RPC (HTTP and WebSocket); 0 picks a free port (required)
  --rest-port P           where clients send REST (required with --rest-upstream; 0 picks a free port)
  --host HOST             the address to listen on (default 127.0.0.1)
  --duration S            stop after S seconds and write the report (default: until a signal)
  --report-dir DIR        where the reports go (default reports/<timestamp>/, and reports/latest)
  --openrpc FILE          judge against another openrpc.json than the bundled one
  --openapi FILE          judge against another openapi.yaml than the bundled one
  --header 'Name: value'  added to every request sent upstream (repeatable); never written anywhere
  --redact PATTERN        mask this regular expression (or literal text) in every output (repeatable)
  --strict                SHOULD-level violations fail too
  --summary-every S       seconds between summary lines on stderr (default 60)
  --metrics-port P        serve /metrics (Prometheus: exchanges judged, violations by requirement and method) and /healthz
  --forward LEVEL         auto (default): JSON-RPC over plain HTTP to a local or IP upstream with no --header is
                          relayed at the TCP level, a connection's bytes unchanged; http: one request at a time

Environment: every flag has a variable, L2CONF_ and the flag's name in capitals with _ for -
(L2CONF_UPSTREAM, L2CONF_WS_UPSTREAM, L2CONF_REST_UPSTREAM, L2CONF_PORT, L2CONF_REST_PORT, ...);
flags win. L2CONF_HEADER and L2CONF_REDACT take one value per line.

Exit codes: 0 no MUST violation was seen in the traffic judged; 1 a MUST violation (or, --strict, a
SHOULD one), or no traffic judged at all (nothing was certified: a gate must not pass on nothing);
2 bad usage; 3 the port could not be listened on.

Examples:
  l2conf proxy --upstream http://node:8545 --ws-upstream ws://node:8546 --port 8545 --duration 3600
  l2conf proxy --upstream http://node:8545 --rest-upstream http://node:3000/api --port 9545 --rest-port 9000
  curl -s http://127.0.0.1:9545/.l2conf/report     # the report so far, written now`

/** `l2conf proxy`'s settings, from flags and L2CONF_* variables (flags win). */
export interface ProxyConfig {
  upstream: string
  wsUpstream: string | undefined
  restUpstream: string | undefined
  host: string
  port: number
  restPort: number | undefined
  durationS: number | undefined
  reportDir: string | undefined
  openrpc: string | undefined
  openapi: string | undefined
  /** Values are secrets: never written into a report or printed. */
  headers: Record<string, string>
  redact: string[]
  strict: boolean
  summaryEveryS: number
  /** --forward: 'auto' relays at the TCP level where nothing must be rewritten; 'http' always one request at a time. */
  forward: 'auto' | 'http'
  /** --metrics-port: where /metrics is served (on --host), or undefined. */
  metricsPort?: number
}

const OPTIONS = {
  upstream: { type: 'string' },
  'ws-upstream': { type: 'string' },
  'rest-upstream': { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'rest-port': { type: 'string' },
  duration: { type: 'string' },
  'report-dir': { type: 'string' },
  'metrics-port': { type: 'string' },
  openrpc: { type: 'string' },
  openapi: { type: 'string' },
  header: { type: 'string', multiple: true },
  redact: { type: 'string', multiple: true },
  strict: { type: 'boolean' },
  'summary-every': { type: 'string' },
  forward: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

type Name = keyof typeof OPTIONS

function usage(message: string): HarnessError {
  return new HarnessError('L2CONF_ERR_USAGE', message)
}

/** The values the environment sets, read like their flags (one a line for --header and --redact). */
function fromEnvironment(env: NodeJS.ProcessEnv): { values: Record<string, unknown>; sources: Map<Name, string> } {
  const values: Record<string, unknown> = {}
  const sources = new Map<Name, string>()
  for (const [name, option] of Object.entries(OPTIONS) as Array<[Name, { type: string; multiple?: boolean }]>) {
    if (name === 'help') continue
    const variable = envVarFor(name)
    const text = env[variable]
    if (text === undefined || (text === '' && option.type !== 'boolean')) continue
    if (option.type === 'boolean') {
      if (/^(1|true|yes|on)$/i.test(text.trim())) values[name] = true
      else if (/^(0|false|no|off|)$/i.test(text.trim())) values[name] = false
      else throw usage(`${variable} must be 1 or true (or 0 or false), got '${text.slice(0, 40)}'`)
    } else if (option.multiple === true)
      values[name] = text
        .split(/\r?\n/)
        .map((part) => part.trim())
        .filter((part) => part !== '')
    else values[name] = text
    sources.set(name, variable)
  }
  return { values, sources }
}

function address(text: string, name: string, schemes: readonly string[]): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw usage(`${name} must be a URL (${schemes.join(' or ')}), got '${text.slice(0, 80)}'`)
  }
  if (!schemes.includes(url.protocol.replace(/:$/, ''))) throw usage(`${name} must be a ${schemes.join(' or ')} URL, got '${url.protocol}'`)
  return text
}

function portOf(text: string, name: string): number {
  if (!/^\d{1,5}$/.test(text.trim()) || Number(text) > 65535) throw usage(`${name} must be a port number from 0 to 65535, got '${text.slice(0, 40)}'`)
  return Number(text)
}

function seconds(text: string, name: string): number {
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) throw usage(`${name} must be a positive number of seconds, got '${text.slice(0, 40)}'`)
  return value
}

/**
 * Parses `l2conf proxy`'s flags and the L2CONF_* variable of each (flags win) into a ProxyConfig,
 * or 'help'. Throws HarnessError L2CONF_ERR_USAGE with a one-line reason naming the flag or
 * variable at fault, before anything listens or is sent.
 */
export function parseProxyArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ProxyConfig | 'help' {
  let flags: Record<string, unknown>
  try {
    flags = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw usage((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
  }
  if (flags.help === true) return 'help'
  const environment = fromEnvironment(env)
  const given = new Set(Object.keys(flags))
  const values: Record<string, unknown> = { ...environment.values, ...flags }
  const label = (name: Name): string => (given.has(name) ? `--${name}` : (environment.sources.get(name) ?? `--${name}`))
  const text = (name: Name): string | undefined => values[name] as string | undefined
  const upstream = text('upstream')
  if (upstream === undefined) throw usage('name the node to stand in front of: --upstream URL (or L2CONF_UPSTREAM)')
  const port = text('port')
  if (port === undefined) throw usage('name the port clients will use: --port P (or L2CONF_PORT; 0 picks a free one)')
  const restUpstream = text('rest-upstream')
  const restPort = text('rest-port')
  if (restUpstream !== undefined && restPort === undefined) throw usage('--rest-upstream needs --rest-port P: REST is served on a port of its own')
  if (restUpstream === undefined && restPort !== undefined) throw usage('--rest-port serves REST: give --rest-upstream URL too')
  const wsUpstream = text('ws-upstream')
  const redact = (values.redact as string[] | undefined) ?? []
  for (const pattern of redact) if (redactionPattern(pattern).test('')) throw usage(`${label('redact')} '${pattern}' matches the empty string`)
  const duration = text('duration')
  const forward = text('forward') ?? 'auto'
  if (forward !== 'auto' && forward !== 'http') throw usage(`${label('forward')} must be auto or http, got '${forward.slice(0, 40)}'`)
  const config: ProxyConfig = {
    upstream: address(upstream, label('upstream'), ['http', 'https']),
    wsUpstream: wsUpstream === undefined ? undefined : address(wsUpstream, label('ws-upstream'), ['ws', 'wss']),
    restUpstream: restUpstream === undefined ? undefined : address(restUpstream, label('rest-upstream'), ['http', 'https']),
    host: text('host') ?? '127.0.0.1',
    port: portOf(port, label('port')),
    restPort: restPort === undefined ? undefined : portOf(restPort, label('rest-port')),
    durationS: duration === undefined ? undefined : seconds(duration, label('duration')),
    reportDir: text('report-dir'),
    openrpc: text('openrpc'),
    openapi: text('openapi'),
    headers: parseHeaders((values.header as string[] | undefined) ?? []),
    redact,
    strict: values.strict === true,
    summaryEveryS: text('summary-every') === undefined ? 60 : seconds(text('summary-every')!, label('summary-every')),
    forward,
  }
  if (config.restPort !== undefined && config.restPort !== 0 && config.restPort === config.port) throw usage('--rest-port must differ from --port')
  const metricsPort = text('metrics-port')
  if (metricsPort !== undefined) config.metricsPort = portOf(metricsPort, label('metrics-port'))
  return config
}
