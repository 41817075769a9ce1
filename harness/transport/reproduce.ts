import type { Exchange } from './exchange.js'

/** Longest answer shown in a WebSocket transcript; the request is always shown whole. */
const ANSWER_CHARS = 1000

/** Quotes `text` for a POSIX shell: single quotes, nothing expands. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

/** `-H` arguments for the configured (secret) headers: placeholders the shell expands, never values. */
function secretHeaderArgs(names: readonly string[], flag: string): string[] {
  return names.map((name, index) => {
    const variable = `$L2CONF_HEADER_${index + 1}`
    return /^[A-Za-z0-9_-]+$/.test(name) ? `${flag} "${name}: ${variable}"` : `${flag} ${quote(`${name}: `)}"${variable}"`
  })
}

function bodyText(exchange: Exchange): string {
  return exchange.requestIsRaw === true ? String(exchange.request) : (JSON.stringify(exchange.request) ?? '')
}

function answerText(exchange: Exchange): string {
  if (exchange.failure !== undefined) return `(no answer: ${exchange.failure.code}: ${exchange.failure.message})`
  const text = exchange.response !== undefined ? (JSON.stringify(exchange.response) ?? '') : (exchange.rawResponse ?? '')
  return text.length > ANSWER_CHARS ? `${text.slice(0, ANSWER_CHARS)}…` : text
}

function restCommand(exchange: Exchange, secrets: string[]): string {
  const request = exchange.request as { method?: unknown; url?: unknown; headers?: unknown }
  const method = typeof request.method === 'string' ? request.method : 'GET'
  const url = typeof request.url === 'string' ? request.url : exchange.url
  const headers = request.headers !== null && typeof request.headers === 'object' ? Object.entries(request.headers as Record<string, unknown>) : []
  const parts = ['curl -sS', method === 'HEAD' ? '-I' : '-i']
  if (method !== 'GET' && method !== 'HEAD') parts.push(`-X ${method}`)
  for (const [name, value] of headers) parts.push(`-H ${quote(`${name}: ${String(value)}`)}`)
  parts.push(...secrets, quote(url))
  return parts.join(' ')
}

function httpCommand(exchange: Exchange, secrets: string[]): string {
  const method = exchange.httpMethod ?? 'POST'
  const body = bodyText(exchange)
  const contentType = exchange.requestHeaders?.['content-type'] ?? 'application/json'
  const parts = ['curl -sS -i', `-X ${method}`, `-H ${quote(`Content-Type: ${contentType}`)}`, ...secrets]
  // A probe's own headers (a foreign Origin, a CORS preflight's), never secrets: those are placeholders above.
  for (const [name, value] of Object.entries(exchange.requestHeaders ?? {})) if (name !== 'content-type') parts.push(`-H ${quote(`${name}: ${value}`)}`)
  if (body !== '') parts.push(`--data-raw ${quote(body)}`)
  parts.push(quote(exchange.url))
  return parts.join(' ')
}

function wsTranscript(exchange: Exchange, secrets: string[]): string {
  return [[`wscat -c ${quote(exchange.url)}`, ...secrets].join(' '), `> ${bodyText(exchange)}`, `< ${answerText(exchange)}`].join('\n')
}

/**
 * A command that reproduces an exchange (ARCHITECTURE.md: every finding comes with one): a curl line
 * for JSON-RPC over HTTP and for REST, a wscat-style transcript (`>` sent, `<` answered) for
 * WebSocket. Configured headers appear as `$L2CONF_HEADER_n` placeholders (n counts
 * `secretHeaderNames`, by default the names recorded on the exchange), never with their values.
 * @example reproduceCommand(exchange, { secretHeaderNames: ['Authorization'] })
 * // curl -sS -i -X POST -H 'Content-Type: application/json' -H "Authorization: $L2CONF_HEADER_1" --data-raw '{"jsonrpc":"2.0",...}' 'http://node:8545'
 */
export function reproduceCommand(exchange: Exchange, options: { secretHeaderNames?: readonly string[] } = {}): string {
  const names = options.secretHeaderNames ?? exchange.secretHeaders ?? []
  if (exchange.transport === 'ws') return wsTranscript(exchange, secretHeaderArgs(names, '-H'))
  const secrets = secretHeaderArgs(names, '-H')
  return exchange.protocol === 'rest' ? restCommand(exchange, secrets) : httpCommand(exchange, secrets)
}
