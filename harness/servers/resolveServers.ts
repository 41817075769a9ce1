import { HarnessError } from '../errors/harnessError.js'
import type { ServerSpec } from '../spec/loadOpenRpc.js'

/** The `servers` of the two specs (openrpc.json: the node; openapi.yaml: the REST API). */
export interface SpecServers {
  openrpc: readonly ServerSpec[]
  openapi: readonly ServerSpec[]
}

/** Which target address a chosen server gave. */
export interface ServerAddress {
  server: string
  spec: 'openrpc.json' | 'openapi.yaml'
  flag: '--rpc' | '--ws' | '--rest'
  url: string
}

/** The target addresses the chosen servers give; null where none of them gives one. */
export interface ResolvedServers {
  rpc: string | null
  ws: string | null
  rest: string | null
  /** One entry per chosen server, in the order given. */
  addresses: ServerAddress[]
}

interface Candidate {
  server: ServerSpec
  spec: ServerAddress['spec']
}

const TEMPLATE_VARIABLE = /\{([^{}]*)\}/g

function usage(message: string, details: Record<string, unknown> = {}): HarnessError {
  return new HarnessError('L2CONF_ERR_USAGE', message, details)
}

function knownNames(specs: SpecServers): string {
  const list = (servers: readonly ServerSpec[]): string => (servers.length === 0 ? '(none)' : servers.map((server) => server.name).join(', '))
  return `openrpc.json: ${list(specs.openrpc)}; openapi.yaml: ${list(specs.openapi)}`
}

/**
 * The --var values each chosen server gets: `SERVER.name=value` sets `name` of that server only (two
 * servers with a `host` each: the node's HTTPS and WebSocket servers); `name=value` sets `name` in
 * every chosen server that declares it and has no scoped value for it. A key no chosen server
 * takes is a usage error: a typo must not pass silently.
 */
function variablesFor(chosen: readonly Candidate[], variables: Readonly<Record<string, string>>): Map<Candidate, Record<string, string>> {
  const keys = Object.keys(variables)
  const used = new Set<string>()
  const values = new Map<Candidate, Record<string, string>>()
  for (const candidate of chosen) {
    const own: Record<string, string> = {}
    for (const name of Object.keys(candidate.server.variables)) {
      const scoped = keys.find((key) => key.toLowerCase() === `${candidate.server.name.toLowerCase()}.${name.toLowerCase()}`)
      const key = scoped ?? (name in variables ? name : undefined)
      if (key === undefined) continue
      own[name] = variables[key] as string
      used.add(key)
    }
    values.set(candidate, own)
  }
  const unused = keys.find((key) => !used.has(key))
  if (unused !== undefined) {
    if (chosen.length === 0) throw usage(`--var ${unused}=...: no --server was given, so no server variable takes it`, { variable: unused })
    const declared = chosen.map((candidate) => `${candidate.server.name}: ${Object.keys(candidate.server.variables).join(', ') || '(none)'}`).join('; ')
    throw usage(`--var ${unused}=... is not a variable of the chosen servers (${declared}); a typo?`, { variable: unused })
  }
  return values
}

/** The server's URL with its variables filled in (OpenRPC 1.3 / OpenAPI 3.0 Server Variable Object). */
function expand(candidate: Candidate, given: Record<string, string>): string {
  const { server, spec } = candidate
  for (const [name, value] of Object.entries(given)) {
    const allowed = server.variables[name]?.enum
    if (allowed !== undefined && allowed.length > 0 && !allowed.includes(value)) {
      throw usage(`--var ${name}=${value}: server '${server.name}' (${spec}) allows ${name} to be one of ${allowed.join(', ')}`, {
        server: server.name,
        variable: name,
      })
    }
  }
  return server.url.replace(TEMPLATE_VARIABLE, (_match, name: string) => {
    const variable = server.variables[name]
    if (variable === undefined)
      throw usage(`server '${server.name}' (${spec}) uses {${name}} in its URL ${server.url} but declares no such variable: fix the spec`, {
        server: server.name,
        variable: name,
      })
    const value = given[name] ?? variable.default
    if (value === undefined) {
      throw usage(
        `server '${server.name}' (${spec}) needs --var ${name}=VALUE: its variable '${name}' has no default${variable.description === undefined ? '' : ` (${variable.description})`}`,
        { server: server.name, variable: name },
      )
    }
    return value
  })
}

/** Which address an expanded server URL gives: openrpc.json by its scheme (--rpc or --ws), openapi.yaml always --rest. */
function flagOf(candidate: Candidate, url: string): ServerAddress['flag'] {
  let protocol: string
  try {
    protocol = new URL(url).protocol
  } catch {
    throw usage(
      `server '${candidate.server.name}' (${candidate.spec}) gives '${url}', which is not an absolute URL: set its variables with --var, or give the address directly`,
      { server: candidate.server.name },
    )
  }
  if (candidate.spec === 'openapi.yaml') {
    if (protocol === 'http:' || protocol === 'https:') return '--rest'
  } else {
    if (protocol === 'http:' || protocol === 'https:') return '--rpc'
    if (protocol === 'ws:' || protocol === 'wss:') return '--ws'
  }
  const expected = candidate.spec === 'openapi.yaml' ? 'http or https' : 'http, https, ws or wss'
  throw usage(`server '${candidate.server.name}' (${candidate.spec}) gives '${url}': expected an ${expected} URL`, { server: candidate.server.name })
}

/**
 * Resolves `--server NAME` (repeatable) and `--var name=value` (repeatable) to target addresses,
 * from the `servers` of openrpc.json (an HTTP(S) server gives --rpc, a WebSocket one --ws) and of
 * openapi.yaml (its servers are named by their `description`, and give --rest; interface spec 4.4,
 * "REST servers"). Names match case-insensitively. Variables are filled as OpenRPC and OpenAPI tools
 * fill them: `{name}` replaced by the --var value, else the variable's default; a value outside the
 * variable's `enum` is refused. Pure. Throws HarnessError L2CONF_ERR_USAGE (exit 2) on an unknown name
 * (listing the known ones), a variable with no default and no --var, a --var no chosen server uses,
 * or two servers giving the same address.
 * @example resolveServers(['Development'], { host: '127.0.0.1:3000' }, specs).rest // 'http://127.0.0.1:3000/api'
 */
export function resolveServers(names: readonly string[], variables: Readonly<Record<string, string>>, specs: SpecServers): ResolvedServers {
  const chosen: Candidate[] = []
  for (const name of names) {
    const wanted = name.trim().toLowerCase()
    const matches: Candidate[] = [
      ...specs.openrpc.filter((server) => server.name.toLowerCase() === wanted).map((server) => ({ server, spec: 'openrpc.json' as const })),
      ...specs.openapi.filter((server) => server.name.toLowerCase() === wanted).map((server) => ({ server, spec: 'openapi.yaml' as const })),
    ]
    if (matches.length === 0) throw usage(`--server ${name}: no such server; the specs name ${knownNames(specs)}`, { server: name })
    for (const match of matches) if (!chosen.some((candidate) => candidate.server === match.server)) chosen.push(match)
  }
  const values = variablesFor(chosen, variables)
  const resolved: ResolvedServers = { rpc: null, ws: null, rest: null, addresses: [] }
  for (const candidate of chosen) {
    const url = expand(candidate, values.get(candidate) as Record<string, string>)
    const flag = flagOf(candidate, url)
    const earlier = resolved.addresses.find((address) => address.flag === flag)
    if (earlier !== undefined) {
      throw usage(`--server ${earlier.server} and --server ${candidate.server.name} both give the ${flag} address: choose one`, {
        servers: [earlier.server, candidate.server.name],
      })
    }
    resolved.addresses.push({ server: candidate.server.name, spec: candidate.spec, flag, url })
    resolved[flag.slice(2) as 'rpc' | 'ws' | 'rest'] = url
  }
  return resolved
}
