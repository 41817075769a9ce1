import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { HarnessError } from '../errors/harnessError.js'
import { maskUrl } from '../transport/maskUrl.js'

/** One named target of a fleet (`--targets FILE`): the addresses `l2conf run` takes as --rpc, --ws, --rest. */
export interface FleetTarget {
  name: string
  rpc: string
  ws: string | null
  rest: string | null
}

const KEYS = new Set(['name', 'rpc', 'ws', 'rest'])
/** A name becomes a directory of the fleet's report directory: nothing that could climb out of it. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

function usage(message: string): HarnessError {
  return new HarnessError('L2CONF_ERR_USAGE', message)
}

/**
 * Reads a fleet file (YAML, so JSON works too): a list of targets, or `targets:` holding one.
 *
 * ```yaml
 * targets:
 *   - name: eu-west
 *     rpc: https://eu-west.rpc.example.org
 *     ws: wss://eu-west.ws.example.org
 *     rest: https://eu-west.api.example.org/api
 *   - name: us-east
 *     rpc: ${US_EAST_RPC}        # from the environment, so a CI secret never sits in the file
 * ```
 *
 * `${NAME}` in a value is the environment variable NAME (one that is not set is an error). Names
 * are unique and safe as directory names. Throws HarnessError L2CONF_ERR_USAGE naming the file, the
 * entry and the field at fault.
 */
export function loadFleetTargets(file: string, env: NodeJS.ProcessEnv = process.env): FleetTarget[] {
  let document: unknown
  try {
    document = parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw usage(`--targets ${file} cannot be read as YAML: ${(error as Error).message.split('\n')[0]}`)
  }
  const list = Array.isArray(document) ? document : (document as { targets?: unknown } | null)?.targets
  if (!Array.isArray(list) || list.length === 0) throw usage(`--targets ${file} must hold a list of targets (name, rpc, ws, rest), or 'targets:' with one`)
  const seen = new Set<string>()
  return list.map((entry, index) => {
    const where = `--targets ${file}, entry ${index + 1}`
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw usage(`${where} must be a mapping of name, rpc, ws, rest`)
    const fields = entry as Record<string, unknown>
    const unknown = Object.keys(fields).filter((key) => !KEYS.has(key))
    if (unknown.length > 0) throw usage(`${where} has unknown field${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')} (a target has name, rpc, ws, rest)`)
    const text = (key: string): string | null => {
      const value = fields[key]
      if (value === undefined || value === null) return null
      if (typeof value !== 'string') throw usage(`${where}: ${key} must be text`)
      return expand(value, env, `${where}: ${key}`)
    }
    const name = text('name')
    if (name === null || !NAME.test(name))
      throw usage(`${where}: name must be letters, digits, '.', '_' or '-' (at most 64, not starting with a symbol), got '${String(name).slice(0, 40)}'`)
    if (seen.has(name)) throw usage(`${where}: the name '${name}' is given twice`)
    seen.add(name)
    const rpc = address(text('rpc'), ['http:', 'https:'], `${where} (${name}): rpc`)
    if (rpc === null) throw usage(`${where} (${name}): rpc is required`)
    return {
      name,
      rpc,
      ws: address(text('ws'), ['ws:', 'wss:'], `${where} (${name}): ws`),
      rest: address(text('rest'), ['http:', 'https:'], `${where} (${name}): rest`),
    }
  })
}

/** `${NAME}` from the environment. */
function expand(value: string, env: NodeJS.ProcessEnv, where: string): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable: string) => {
    const set = env[variable]
    if (set === undefined) throw usage(`${where} uses \${${variable}}, which is not set`)
    return set
  })
}

function address(text: string | null, schemes: string[], where: string): string | null {
  if (text === null) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw usage(`${where} is not a URL: '${maskUrl(text)}'`)
  }
  if (!schemes.includes(url.protocol)) throw usage(`${where} must be a ${schemes.map((s) => s.replace(':', '')).join(' or ')} URL, got '${maskUrl(text)}'`)
  return text
}
