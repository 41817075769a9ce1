import { boundedJson } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import { responseOutcome } from '../transport/jsonRpcResponse.js'
import type { Exchange } from '../transport/exchange.js'
import { CONTROL_METHOD, type ExposureProbe } from './EXPOSURE.probes.js'
import { METHOD_NOT_FOUND } from './RPC-ERRORS.js'

/**
 * The error codes that say "no such method here", whatever the control got: JSON-RPC's method not
 * found; EIP-1474's "method not supported" (-32004, Hardhat's for an unknown method); and -32001, the
 * code of the gateways that allow listed methods only (proxyd's "rpc method is not whitelisted", in
 * front of the layer-2 nodes that run it; EIP-1474's "resource not found").
 */
export const NOT_EXPOSED_CODES: readonly number[] = [METHOD_NOT_FOUND, -32004, -32001]

/** How many addresses a listing's message names (the count is always whole). */
const NAMED_ACCOUNTS = 3
/** How many JSON values of a result are looked at for addresses (a listing of thousands is still a listing). */
const WALKED_VALUES = 10_000

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * What one probe's answer showed: `refused` (no such method, or no JSON-RPC answer at all: nothing is
 * exposed), `unanswered` (no answer: nothing can be told), `listed` and `signed` (the MUST broken),
 * `reachable` (its namespace answers: the SHOULD broken), `empty` (a standard method that lists
 * nothing, as it should), `modules` (rpc_modules' own list, a fact).
 */
export type ReadingKind = 'refused' | 'unanswered' | 'listed' | 'signed' | 'reachable' | 'empty' | 'modules'

/** One probe as answered: its kind, what the node said in a few words, and the exchange that shows it. */
export interface ProbeReading {
  probe: ExposureProbe
  kind: ReadingKind
  /** What the node answered, as the report prints it ("error -32601 …", "a result listing 2 accounts: 0x…"). */
  said: string
  /** The same in a word or two, for the list of what was probed ("-32601", "a result", "HTTP 403"). */
  brief: string
  exchange: Exchange
  /** The accounts a listing named (lower case), for `listed`. */
  accounts?: readonly string[]
}

/**
 * The codes this node says "no such method" with: NOT_EXPOSED_CODES, and the code it answered the
 * control (a method no node serves) with, when that is an error with an integer code. A node that
 * answers every unknown method -32000 or -32700 is read by its own word, so its "unknown method"
 * error is never taken for a namespace that answers.
 */
export function notFoundCodes(control: unknown): readonly number[] {
  const outcome = responseOutcome(control)
  if (outcome.kind !== 'error' || typeof outcome.code !== 'number' || !Number.isInteger(outcome.code) || NOT_EXPOSED_CODES.includes(outcome.code))
    return NOT_EXPOSED_CODES
  return [...NOT_EXPOSED_CODES, outcome.code]
}

/**
 * The note a run carries when this node says "no such method" with a code of its own (Ganache's
 * -32700; Anvil's -32602 over WebSocket): a probe answered with that code is read as absent, since it
 * cannot be told apart from one, and the report says so. Null when the control got a usual code.
 */
export function controlNote(control: unknown, over: string): string | null {
  const codes = notFoundCodes(control)
  if (codes.length === NOT_EXPOSED_CODES.length) return null
  return `${over} the node answers a method no node serves (${CONTROL_METHOD}) with error ${codes[codes.length - 1]}: a probe answered with that code is read as absent, as the two cannot be told apart`
}

/** The addresses in a result (an array of them, or wallets holding accounts with an `address`), bounded, lower case, each once. */
export function accountsIn(result: unknown): string[] {
  const found = new Set<string>()
  const stack: unknown[] = [result]
  for (let seen = 0; stack.length > 0 && seen < WALKED_VALUES; seen++) {
    const value = stack.pop()
    if (typeof value === 'string') {
      if (ADDRESS.test(value)) found.add(value.toLowerCase())
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0 && stack.length < WALKED_VALUES; i--) stack.push(value[i])
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value).slice(0, WALKED_VALUES)) stack.push((value as Record<string, unknown>)[key])
    }
  }
  return [...found]
}

/** `n account(s): 0x…, 0x…` (the first few named). */
function accountList(accounts: readonly string[]): string {
  const named = accounts.slice(0, NAMED_ACCOUNTS).join(', ')
  const more = accounts.length > NAMED_ACCOUNTS ? ` and ${accounts.length - NAMED_ACCOUNTS} more` : ''
  return `${accounts.length} account${accounts.length === 1 ? '' : 's'}: ${named}${more}`
}

/**
 * Reads one probe's answer (JSON-RPC 2.0 section 5; codes compared, never message text): `response`
 * is the answer to it (the exchange's body, or its item of a batch answer; undefined when none came),
 * `notFound` the codes this node says "no such method" with (notFoundCodes).
 */
export function readProbe(probe: ExposureProbe, exchange: Exchange, response: unknown, notFound: readonly number[]): ProbeReading {
  const status = exchange.httpStatus === undefined ? 'no JSON-RPC answer' : `HTTP ${exchange.httpStatus}`
  const reading = (kind: ReadingKind, said: string, brief = 'a result'): ProbeReading => ({ probe, kind, said, brief, exchange })
  if (exchange.failure !== undefined) return reading('unanswered', `no answer (${exchange.failure.code}: ${exchange.failure.message})`, 'no answer')
  if (response === undefined) {
    // A batch answered without an item for it (or with one error for the whole batch): nothing came back to show.
    if (exchange.response !== undefined)
      return reading('refused', `the answer has no response for it: ${boundedJson(exchange.response, 120)}`, 'no response for it')
    return reading('refused', `${status}, not a JSON-RPC answer`, status)
  }
  const outcome = responseOutcome(response)
  if (outcome.kind === 'broken') return reading('refused', `no JSON-RPC answer (${outcome.reason})`, status)
  if (outcome.kind === 'error') {
    const code = boundedJson(outcome.code, 40)
    const refused = typeof outcome.code === 'number' && notFound.includes(outcome.code)
    return reading(refused || !probe.namespaceCounts ? 'refused' : 'reachable', `error ${code} ${boundedJson(outcome.message, 120)}`, `error ${code}`)
  }
  const shown = boundedJson(outcome.value, 160)
  if (probe.reveals === 'modules') return reading('modules', shown)
  if (probe.reveals === 'signs') return reading('signed', `a result: ${shown}`)
  if (probe.reveals === 'lists') {
    const accounts = accountsIn(outcome.value)
    if (accounts.length > 0) return { ...reading('listed', `a result listing ${accountList(accounts)}`), accounts }
    return reading(probe.namespaceCounts ? 'reachable' : 'empty', `a result listing no account: ${shown}`, 'no account listed')
  }
  return reading('reachable', `a result: ${shown}`)
}

/** Quotes `text` for a POSIX shell: single quotes, nothing expands. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

/**
 * A reproduce command on one line, as a finding's words carry it: a curl line as it is; a wscat
 * transcript (`wscat -c URL`, `> request`, `< answer`) as `wscat -c URL -x 'request'`.
 */
export function oneLineCommand(command: string): string {
  const lines = command.split('\n')
  if (lines.length < 2 || !lines[0]!.startsWith('wscat ') || !lines[1]!.startsWith('> ')) return lines[0] ?? ''
  return `${lines[0]} -x ${quote(lines[1]!.slice(2))}`
}

/** Why each breaking kind breaks EXPOSURE, in the report's words. */
const WALLET_RULE = 'nodes expose no internal wallets (the interface document, 4.3)'
const NAMESPACE_RULE = 'a public endpoint serves no such namespace'

/**
 * EXPOSURE's MUST, over one way in (`over`: "over HTTP", "inside a batch over WebSocket"): no probe
 * lists an account the node holds, and none returns a signature (eth_sign and eth_signTransaction are
 * asked only for an address no node can hold). Each finding names the method, what it answered and
 * the command that shows it; a probe that got no answer leaves the check inconclusive.
 */
export function checkNoWallet(readings: readonly ProbeReading[], over: string, reproduce: (exchange: Exchange) => string): Finding[] {
  const findings: Finding[] = []
  for (const reading of readings) {
    const { method } = reading.probe
    const command = (): string => oneLineCommand(reproduce(reading.exchange))
    if (reading.kind === 'listed')
      findings.push({
        kind: 'unexpected-result',
        message: `${method} ${over} answered ${reading.said}; ${WALLET_RULE}; reproduce: ${command()}`,
        exchange: reading.exchange,
      })
    else if (reading.kind === 'signed')
      findings.push({
        kind: 'unexpected-result',
        message: `${method} ${over} signed for an address no node holds the key of: ${reading.said}; ${WALLET_RULE}; reproduce: ${command()}`,
        exchange: reading.exchange,
      })
    else if (reading.kind === 'unanswered') findings.push({ kind: 'inconclusive', message: `${method} ${over}: ${reading.said}`, exchange: reading.exchange })
  }
  return findings
}

/**
 * EXPOSURE's SHOULD, over one way in: no admin, debug, personal, miner, txpool or wallet probe is
 * reachable (answered with a result, or with an error other than "no such method": an "unknown
 * account" error shows the wallet surface is there, holding nothing). One finding per reachable
 * method, with what it answered and the command that shows it.
 */
export function checkNoNamespace(readings: readonly ProbeReading[], over: string, reproduce: (exchange: Exchange) => string): Finding[] {
  const findings: Finding[] = []
  for (const reading of readings) {
    const { method, namespace, namespaceCounts } = reading.probe
    if (reading.kind === 'unanswered') findings.push({ kind: 'inconclusive', message: `${method} ${over}: ${reading.said}`, exchange: reading.exchange })
    else if (namespaceCounts && (reading.kind === 'reachable' || reading.kind === 'listed' || reading.kind === 'signed'))
      findings.push({
        kind: 'not-blocked',
        message: `the ${namespace} namespace is reachable ${over}: ${method} answered ${reading.said}; ${NAMESPACE_RULE}; reproduce: ${oneLineCommand(reproduce(reading.exchange))}`,
        exchange: reading.exchange,
      })
  }
  return findings
}

/** What was probed over one way in, and what each answered (the report's list, whatever the verdict). */
export function probedList(readings: readonly ProbeReading[], over: string): string {
  const exposed = readings.filter((r) => r.kind === 'listed' || r.kind === 'signed' || (r.kind === 'reachable' && r.probe.namespaceCounts))
  const head = exposed.length === 0 ? `nothing exposed ${over}` : `exposed ${over}: ${exposed.map((r) => r.probe.method).join(', ')}`
  // The probes grouped by what they got ("refused, error -32601: …"), in the order first met: the findings carry each answer whole.
  const groups = new Map<string, string[]>()
  for (const reading of readings) {
    const key = `${reading.kind}, ${reading.brief}`
    groups.set(key, [...(groups.get(key) ?? []), reading.probe.method])
  }
  return `${head}; probed ${over}: ${[...groups].map(([key, methods]) => `${key}: ${methods.join(', ')}`).join('; ')}`
}
