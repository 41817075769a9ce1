import { RawJson } from '../rpc/rawJson.js'

/**
 * A response's JSON: text, or UTF-8 byte parts to be written one after the other when a result was
 * bytes already (RawJson): those are never joined, encoded or copied on the way out.
 */
export type JsonText = string | RawJson

/** The size of a response's JSON in bytes. */
export function jsonBytes(text: JsonText): number {
  return typeof text === 'string' ? Buffer.byteLength(text) : text.byteLength
}

/**
 * Whether a response's JSON exceeds `maxBytes`. Text of at most a third of the bound in UTF-16 code
 * units cannot (a code unit takes at most 3 UTF-8 bytes), so a small answer is not measured twice
 * (the HTTP transport measures it for Content-Length).
 */
export function exceedsBytes(text: JsonText, maxBytes: number): boolean {
  if (typeof text === 'string' && text.length * 3 <= maxBytes) return false
  return jsonBytes(text) > maxBytes
}

/** The JSON as one string (WebSocket frames, tests). */
export function jsonString(text: JsonText): string {
  return typeof text === 'string' ? text : text.text()
}

/** Answers joined into a batch's JSON array: text when all are text, else byte parts. */
export function joinBatch(answers: readonly JsonText[]): JsonText {
  if (answers.every((answer) => typeof answer === 'string')) return `[${answers.join(',')}]`
  const parts: Buffer[] = [OPEN_BRACKET]
  answers.forEach((answer, index) => {
    if (index > 0) parts.push(COMMA)
    if (typeof answer === 'string') parts.push(Buffer.from(answer, 'utf8'))
    else parts.push(...answer.parts)
  })
  parts.push(CLOSE_BRACKET)
  return new RawJson(parts)
}

/** A JSON-RPC 2.0 id as a response echoes it (section 4: String, Number or Null). */
export type JsonRpcId = string | number | null

/** The `error` member of a JSON-RPC 2.0 response (section 5.1). */
export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/**
 * The JSON text of frozen results. A frozen object is a promise that it never changes (the node
 * freezes the block objects it caches), so it is serialised once however often it is asked for;
 * the entry goes when the object does.
 */
const frozenJson = new WeakMap<object, string>()
/** Up to this size a RawJson result is copied into one answer buffer, above it its parts are written as they are. */
const SPLICED_RESULT_BYTES = 16 * 1024
const CLOSE_BRACE = Buffer.from('}')
const OPEN_BRACKET = Buffer.from('[')
const CLOSE_BRACKET = Buffer.from(']')
const COMMA = Buffer.from(',')

/** A result as JSON text: `undefined` as null; throws on what JSON cannot hold (a bigint, a cycle). */
export function resultJson(result: unknown): string {
  if (typeof result === 'object' && result !== null && Object.isFrozen(result)) {
    let text = frozenJson.get(result)
    if (text === undefined) {
      text = JSON.stringify(result)
      frozenJson.set(result, text)
    }
    return text
  }
  return (JSON.stringify(result) as string | undefined) ?? 'null'
}

const ENVELOPE_HEAD = Buffer.from('{"jsonrpc":"2.0","id":')
const RESULT_KEY = Buffer.from(',"result":')

/**
 * A small RawJson result's answer as one buffer: the envelope's bytes with the id spliced in and the
 * result's bytes copied after it. Its length is known without measuring text, it is written with
 * the headers in one call, and it is made outside the JavaScript heap (a small buffer comes from
 * Node's pool), so a polled block costs one copy of its bytes and no garbage to collect.
 */
function splicedAnswer(idJson: string, result: RawJson): RawJson {
  const idBytes = Buffer.byteLength(idJson)
  const length = ENVELOPE_HEAD.length + idBytes + RESULT_KEY.length + result.byteLength + 1
  const answer = Buffer.allocUnsafe(length)
  let at = ENVELOPE_HEAD.copy(answer, 0)
  at += answer.write(idJson, at, idBytes, 'utf8')
  at += RESULT_KEY.copy(answer, at)
  for (const part of result.parts) at += part.copy(answer, at)
  answer[at] = 0x7d // }
  return new RawJson([answer], length)
}

/**
 * Encodes a JSON-RPC 2.0 success response (section 5). The result is serialised once, with
 * JSON.stringify (and a frozen result only the first time it is seen); it throws when the result
 * cannot be encoded, which the dispatcher turns into -32603. A handler answering `undefined`
 * answers `null`.
 */
export function encodeResult(id: JsonRpcId, result: unknown): JsonText {
  if (result instanceof RawJson) {
    if (result.byteLength <= SPLICED_RESULT_BYTES) return splicedAnswer(JSON.stringify(id), result)
    // Larger: the envelope around the bytes, one copy, no encoding.
    const head = Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`, 'utf8')
    return new RawJson([head, ...result.parts, CLOSE_BRACE], head.length + result.byteLength + 1)
  }
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson(result)}}`
}

/** Encodes a JSON-RPC 2.0 error response (section 5.1). */
export function encodeError(id: JsonRpcId, error: JsonRpcErrorObject): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":${JSON.stringify(error)}}`
}
