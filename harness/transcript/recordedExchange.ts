import type { HarnessErrorCode } from '../errors/harnessError.js'

/**
 * One exchange as a transcript holds it: what was sent and what came back, without the target's
 * address (the manifest names it, masked) and with secrets already masked. Enough to hand a check
 * the same Exchange it saw live (transcript replay) and to judge it again offline.
 */
export interface RecordedExchange {
  kind: 'exchange'
  transport: 'http' | 'ws'
  /** 'rest' for the treasury REST API; absent for JSON-RPC. */
  protocol?: 'rest'
  /** The JSON value sent; raw text when `requestIsRaw`. REST: `{ method, path, headers }` (path with its query). */
  request: unknown
  requestIsRaw?: boolean
  httpMethod?: string
  requestHeaders?: Record<string, string>
  response?: unknown
  rawResponse?: string
  httpStatus?: number
  /** The response headers a judge reads (TRANSCRIPT_HEADERS), lower-case names. */
  headers?: Record<string, string>
  failure?: { code: HarnessErrorCode; message: string }
  durationMs: number
  /** Wall-clock time the request started (ms since the epoch), when recorded. */
  at?: number
  responseBytes?: number
  attempts?: number
  strayFrames?: { count: number; samples: string[] }
  /** Where it starts in its file (1-based), for messages. */
  line: number
}

/** A frame the node pushed unasked (an eth_subscription notification), where it arrived among the exchanges. */
export interface RecordedNotification {
  kind: 'notification'
  message: unknown
  /** When it arrived (ms since the epoch), when recorded: replay delivers it as long after the exchange before it. */
  at?: number
  line: number
}

export type TranscriptEntry = RecordedExchange | RecordedNotification

/** What a transcript file says about itself in its first comment line (absent in execution-apis fixtures). */
export interface TranscriptFileHeader {
  check: string
  requirement?: string
  level?: string
}

/** One parsed transcript file: its header (if any), its entries in order, and its free comments. */
export interface TranscriptFile {
  path: string
  header: TranscriptFileHeader | null
  entries: TranscriptEntry[]
  /** `//` lines that are not l2conf metadata (an execution-apis fixture's description, `speconly`). */
  comments: string[]
}

/**
 * Response headers a transcript keeps ("the headers that matter"): those a judge or the request
 * gate reads (content type, rate limiting, the methods a 405 allows). Others (dates, connection
 * management) change from run to run and decide nothing.
 */
export function keptHeader(name: string): boolean {
  return ['content-type', 'retry-after', 'allow', 'content-length', 'www-authenticate', 'location'].includes(name) || name.includes('ratelimit')
}
