/**
 * The deepest nesting of arrays and objects a response may have before the harness refuses it
 * (the run's cross-team contract; JSON-RPC results of the interface nest fewer than 10 levels).
 * Deeper values are never handed to judges or reports: recursive code over them (a judge, ajv,
 * JSON.stringify when writing the report) would die with "Maximum call stack size exceeded".
 */
export const MAX_JSON_DEPTH = 256

const OPEN_ARRAY = 0x5b
const OPEN_OBJECT = 0x7b
const CLOSE_ARRAY = 0x5d
const CLOSE_OBJECT = 0x7d
const QUOTE = 0x22
const BACKSLASH = 0x5c

const COMMA = 0x2c

/**
 * Whether JSON text nests deeper than `max` (default MAX_JSON_DEPTH), found by one pass over its
 * bytes without parsing (brackets inside strings do not count), so a 100,000-deep answer costs a
 * scan, never a deep recursion. Not a validator: malformed text is left to JSON.parse.
 * @example nestedDeeperThan(Buffer.from('[[[1]]]'), 2) // true
 */
export function nestedDeeperThan(bytes: Uint8Array, max: number = MAX_JSON_DEPTH): boolean {
  return jsonShape(bytes, max) === TOO_DEEP
}

/** What jsonShape returns for text nested deeper than its bound. */
export const TOO_DEEP = -1

/**
 * One pass over JSON text, without parsing: TOO_DEEP when it nests deeper than `max`, else how many
 * elements and members it holds at most (commas and openings outside strings), which is what
 * parsing it costs beyond its bytes (parsedBytesEstimate).
 * @example jsonShape(Buffer.from('{"a":[1,2]}')) // 4
 */
export function jsonShape(bytes: Uint8Array, max: number = MAX_JSON_DEPTH): number {
  const scanner = new JsonShapeScanner(max)
  scanner.scan(bytes)
  return scanner.shape
}

/**
 * jsonShape over text that arrives in chunks (a body as it streams in): the same answer as one pass
 * over the whole text, so a body can be judged chunk by chunk and its chunks let go of as they come,
 * instead of being kept to be scanned once they are all there.
 * @example const s = new JsonShapeScanner(); s.scan(Buffer.from('[1,')); s.scan(Buffer.from('2]')); s.shape // 2
 */
export class JsonShapeScanner {
  readonly #max: number
  #depth = 0
  #elements = 0
  #inString = false
  /** A backslash ended the last chunk inside a string: the next chunk's first byte is escaped. */
  #escaped = false
  #tooDeep = false

  constructor(max: number = MAX_JSON_DEPTH) {
    this.#max = max
  }

  /** TOO_DEEP once the text seen so far nests deeper than the bound, else the elements counted so far. */
  get shape(): number {
    return this.#tooDeep ? TOO_DEEP : this.#elements
  }

  /** Scans the next chunk; false once the text is known to nest too deep (later chunks are ignored). */
  scan(bytes: Uint8Array): boolean {
    if (this.#tooDeep) return false
    let depth = this.#depth
    let elements = this.#elements
    let inString = this.#inString
    const max = this.#max
    const length = bytes.length
    let index = 0
    if (this.#escaped && length > 0) {
      this.#escaped = false
      index = 1
    }
    for (; index < length; index++) {
      const byte = bytes[index] as number
      if (inString) {
        if (byte === BACKSLASH) {
          if (index + 1 === length) this.#escaped = true
          index++
        } else if (byte === QUOTE) inString = false
      } else if (byte === QUOTE) inString = true
      else if (byte === COMMA) elements++
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        elements++
        if (++depth > max) {
          this.#tooDeep = true
          return false
        }
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--
    }
    this.#depth = depth
    this.#elements = elements
    this.#inString = inString
    return true
  }
}

/**
 * Heap bytes one element or member of a parsed JSON value costs beyond its text, at most: a body
 * of a million small members ("k1":1, 16 MB of text) measured 71 MB of heap once parsed (Node 20),
 * 4.4 times its size, so a budget of text bytes alone let seven such bodies live at once. Arrays of
 * small objects, strings or numbers measured less than this estimate.
 */
export const PARSED_ELEMENT_BYTES = 64

/** What a body of `bytes` bytes holding `elements` elements (jsonShape) costs once parsed, at most. */
export function parsedBytesEstimate(bytes: number, elements: number): number {
  return bytes + elements * PARSED_ELEMENT_BYTES
}

/** The failure message of a response refused for its depth. */
export function tooDeepMessage(max: number = MAX_JSON_DEPTH): string {
  return `the response nests arrays/objects deeper than ${max} levels (MAX_JSON_DEPTH); it was not parsed`
}
