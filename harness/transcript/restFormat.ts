import type { RecordedExchange, TranscriptEntry, TranscriptFileHeader } from './recordedExchange.js'
import { corrupt, IO_HEADER, IO_META } from './ioFormat.js'

/**
 * The REST transcript format (`rest/<check-id>.rest`), shaped like HTTP itself, one exchange after
 * another (ARCHITECTURE.md, transcripts):
 *
 *     // l2conf {"ms":2.1,"bytes":57}
 *     >> GET /api/v2/treasury/tokens?limit=2
 *     >> accept: text/html                        (headers the probe itself set; never secrets)
 *     << 200
 *     << content-type: application/json           (the headers that matter: keptHeader)
 *     <<
 *     << {"tokens":[]}                            (the body: JSON on one line; text as a JSON string when the metadata says "text": true)
 *
 * A request that got no answer has no `<<` lines; its metadata carries the failure.
 */

/** The request a REST exchange records: method, path with query (the base address is the manifest's), the probe's own headers. */
export interface RestRequest {
  method: string
  path: string
  headers: Record<string, string>
}

export function restExchangeLines(exchange: RecordedExchange): string[] {
  const request = exchange.request as RestRequest
  const meta: Record<string, unknown> = { ms: Math.round(exchange.durationMs * 10) / 10 }
  if (exchange.at !== undefined) meta.at = exchange.at
  if (exchange.responseBytes !== undefined) meta.bytes = exchange.responseBytes
  if (exchange.attempts !== undefined) meta.attempts = exchange.attempts
  if (exchange.failure !== undefined) meta.failure = exchange.failure
  if (exchange.response === undefined && exchange.rawResponse !== undefined) meta.text = true
  const lines = [`${IO_META}${JSON.stringify(meta)}`, `>> ${request.method} ${request.path}`]
  for (const [name, value] of Object.entries(request.headers)) lines.push(`>> ${name}: ${value}`)
  if (exchange.httpStatus === undefined) return lines
  lines.push(`<< ${exchange.httpStatus}`)
  for (const [name, value] of Object.entries(exchange.headers ?? {})) lines.push(`<< ${name}: ${value}`)
  lines.push('<<')
  if (exchange.response !== undefined) lines.push(`<< ${JSON.stringify(exchange.response)}`)
  else if (exchange.rawResponse !== undefined) lines.push(`<< ${JSON.stringify(exchange.rawResponse)}`)
  return lines
}

type Stage = 'request' | 'status' | 'headers' | 'body' | 'done'

/** Reads a `.rest` transcript; a line out of place is a usage error naming the file and line. */
export function parseRest(path: string, text: string): { header: TranscriptFileHeader | null; entries: TranscriptEntry[]; comments: string[] } {
  const entries: TranscriptEntry[] = []
  const comments: string[] = []
  let header: TranscriptFileHeader | null = null
  let current: RecordedExchange | null = null
  let stage: Stage = 'done'
  let isText = false
  let pendingMeta: { meta: Record<string, unknown>; line: number } | null = null
  text.split(/\r?\n/).forEach((raw, index) => {
    const lineNo = index + 1
    const line = raw.trimEnd()
    if (line.trim() === '') return
    if (line.startsWith(IO_HEADER)) {
      try {
        header = JSON.parse(line.slice(IO_HEADER.length)) as TranscriptFileHeader
      } catch {
        throw corrupt(path, lineNo, 'the l2conf-check header is not JSON')
      }
      return
    }
    if (line.startsWith(IO_META)) {
      let meta: unknown
      try {
        meta = JSON.parse(line.slice(IO_META.length))
      } catch {
        throw corrupt(path, lineNo, 'the l2conf metadata is not JSON')
      }
      if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) throw corrupt(path, lineNo, 'the l2conf metadata is not a JSON object')
      pendingMeta = { meta: meta as Record<string, unknown>, line: lineNo }
      stage = 'done'
      return
    }
    if (line.startsWith('//')) {
      comments.push(line.slice(2).trim())
      return
    }
    if (line.startsWith('>>')) {
      const body = line.slice(2).trim()
      if (stage === 'request' && current !== null && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/.test(body)) {
        const colon = body.indexOf(':')
        ;(current.request as RestRequest).headers[body.slice(0, colon).toLowerCase()] = body.slice(colon + 1).trim()
        return
      }
      const match = /^([A-Z]+) (\/\S*)$/.exec(body)
      if (match === null) throw corrupt(path, lineNo, `expected a request line such as ">> GET /api/path", got ">> ${body.slice(0, 60)}"`)
      const meta: Record<string, unknown> = (pendingMeta as { meta: Record<string, unknown> } | null)?.meta ?? {}
      const failure = meta.failure as RecordedExchange['failure'] | undefined
      current = {
        kind: 'exchange',
        transport: 'http',
        protocol: 'rest',
        request: { method: match[1]!, path: match[2]!, headers: {} } satisfies RestRequest,
        durationMs: typeof meta.ms === 'number' ? meta.ms : 0,
        line: (pendingMeta as { line: number } | null)?.line ?? lineNo,
        ...(typeof meta.at === 'number' ? { at: meta.at } : {}),
        ...(typeof meta.bytes === 'number' ? { responseBytes: meta.bytes } : {}),
        ...(typeof meta.attempts === 'number' ? { attempts: meta.attempts } : {}),
        ...(failure !== undefined ? { failure } : {}),
      }
      isText = meta.text === true
      pendingMeta = null
      entries.push(current)
      stage = 'request'
      return
    }
    if (line.startsWith('<<')) {
      const body = line.slice(2).trim()
      if (current === null || stage === 'done') throw corrupt(path, lineNo, 'a "<<" line with no ">>" request before it')
      if (stage === 'request') {
        if (!/^\d{3}$/.test(body)) throw corrupt(path, lineNo, `expected an HTTP status such as "<< 200", got "<< ${body.slice(0, 40)}"`)
        current.httpStatus = Number(body)
        stage = 'headers'
        return
      }
      if (stage === 'headers') {
        if (body === '') {
          stage = 'body'
          return
        }
        const colon = body.indexOf(':')
        if (colon <= 0) throw corrupt(path, lineNo, `expected a header "name: value" or an empty "<<" before the body, got "<< ${body.slice(0, 40)}"`)
        current.headers ??= {}
        current.headers[body.slice(0, colon).toLowerCase()] = body.slice(colon + 1).trim()
        return
      }
      if (stage === 'body') {
        let value: unknown
        try {
          value = JSON.parse(body)
        } catch (error) {
          throw corrupt(path, lineNo, `the body is not JSON (${(error as Error).message})`)
        }
        if (isText) {
          if (typeof value !== 'string') throw corrupt(path, lineNo, 'the metadata says the body is text: it must be a JSON string')
          current.rawResponse = value
        } else current.response = value
        stage = 'done'
        return
      }
    }
    throw corrupt(path, lineNo, `not a transcript line (expected "//", ">>" or "<<"): ${line.slice(0, 60)}`)
  })
  return { header, entries, comments }
}
