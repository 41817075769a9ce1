// The shape of JSON text, judged before it is parsed, by the harness (a target's answers) and the
// reference (its clients' requests) alike: JSON.parse of a hostile text can cost a stack overflow
// (nesting) or seconds of one thread (width), so such texts are refused unparsed.

/**
 * The deepest nesting of arrays and objects a text may have before it is refused (the JSON-RPC
 * values of the interface nest fewer than 10 levels). Deeper values are never parsed: recursive code
 * over them (a judge, ajv, JSON.stringify) would die with "Maximum call stack size exceeded".
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
 * The most members one object of a text may have before it is refused unparsed. No
 * object of the interface comes near it (a block, the widest, has about 30), and V8's JSON.parse
 * slows down per member as objects widen: a million members parsed in 0.12 s as objects of 100,
 * in 1.0 s as objects of 1,000, in 4 to 5 s as one object (Node 20).
 */
export const MAX_OBJECT_MEMBERS = 1_000

/**
 * The most distinct member names a text may use before it is refused unparsed. The
 * interface has a fixed vocabulary of a few hundred names (no schema of either spec is a map), and
 * parsing costs grow with the distinct names: a million members took 0.2 s to parse with 10,000
 * distinct names and 3 s with 100,000 (Node 20). A hostile target answering such bodies to every
 * request would otherwise hold each check for seconds, and a hostile client freeze the reference.
 */
export const MAX_MEMBER_NAMES = 10_000

/** What jsonShape returns for text not to be parsed (JsonShapeScanner.refusal says why). */
export const REFUSED = -1

/**
 * One pass over JSON text, without parsing (brackets inside strings do not count, and a 100,000-deep
 * text costs a scan, never a recursion; malformed text is left to JSON.parse): REFUSED when it is not
 * to be parsed (nested deeper than `max`, an object wider than MAX_OBJECT_MEMBERS, more than MAX_MEMBER_NAMES distinct member names),
 * else how many elements and members it holds at most (commas and openings outside strings), which
 * is what parsing it costs beyond its bytes (parsedBytesEstimate).
 * @example jsonShape(Buffer.from('{"a":[1,2]}')) // 4
 */
export function jsonShape(bytes: Uint8Array, max: number = MAX_JSON_DEPTH): number {
  const scanner = new JsonShapeScanner(max)
  scanner.scan(bytes)
  return scanner.shape
}

/**
 * Where the items of a text's one top-level array lie (JsonShapeScanner's `items` option): byte
 * offsets of its `[`, of the commas between its items, and of its `]`. A large batch answer is then
 * decoded and parsed an item at a time (no copy of the whole body, no string of it).
 */
export interface TopLevelItems {
  open: number
  commas: number[]
  close: number
}

/** What the scanner keeps of the top-level array while it reads (see TopLevelItems). */
interface ItemMarks extends TopLevelItems {
  /** Commas kept at most. */
  cap: number
  /** The text is not one top-level array whose items can be told apart (an object, a second value, too many items). */
  spoiled: boolean
}

const OBJECT = 1
const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

/**
 * jsonShape over text that arrives in chunks (a body as it streams in): the same answer as one pass
 * over the whole text, so a body can be judged chunk by chunk and its chunks let go of as they come,
 * instead of being kept to be scanned once they are all there. Member names are told apart by a
 * 32-bit hash of their bytes (as written, escapes included): collisions only ever undercount.
 * @example const s = new JsonShapeScanner(); s.scan(Buffer.from('[1,')); s.scan(Buffer.from('2]')); s.shape // 2
 */
export class JsonShapeScanner {
  readonly #max: number
  #depth = 0
  #elements = 0
  #inString = false
  /** A backslash ended the last chunk inside a string: the next chunk's first byte is escaped. */
  #escaped = false
  #refusal: string | undefined
  /** Per depth: whether the container open there is an object (OBJECT) or an array (0). */
  readonly #containers: Uint8Array
  /** Per depth: the members of the object open there, so far. */
  readonly #members: Uint32Array
  /** The next string opened is a member name (after `{` or after `,` inside an object). */
  #expectName = false
  /** The string being read is a member name; its hash so far. */
  #inName = false
  #nameHash = 0
  readonly #names = new Set<number>()
  /** Bytes scanned before the current chunk. */
  #offset = 0
  readonly #items: ItemMarks | undefined

  /**
   * `options.items`: also mark where the items of a top-level array lie, for arrays of at most that
   * many items (see topLevelItems).
   */
  constructor(max: number = MAX_JSON_DEPTH, options: { items?: number } = {}) {
    this.#max = max
    this.#containers = new Uint8Array(max + 2)
    this.#members = new Uint32Array(max + 2)
    this.#items = options.items === undefined ? undefined : { open: -1, commas: [], close: -1, cap: options.items, spoiled: false }
  }

  /**
   * Where the items of the text's top-level array lie, once the whole text is scanned; undefined
   * when the scanner was not asked for them, or the text is not one array (an object, more than one
   * value, an unclosed string or array), or it has more items than asked for, or it is refused. The
   * marks are where the scanner saw `[`, `,` and `]` outside strings: a caller that parses the items
   * between them must still check that each is JSON and that only whitespace lies outside the array.
   */
  get topLevelItems(): TopLevelItems | undefined {
    const items = this.#items
    if (items === undefined || items.spoiled || this.#refusal !== undefined || items.open === -1 || items.close === -1 || this.#depth !== 0 || this.#inString)
      return undefined
    return { open: items.open, commas: items.commas, close: items.close }
  }

  /** REFUSED once the text seen so far is not to be parsed (see refusal), else the elements counted so far. */
  get shape(): number {
    return this.#refusal === undefined ? this.#elements : REFUSED
  }

  /**
   * Why the text is not to be parsed, once that is known, said of the text ("nests arrays/objects
   * deeper than 256 levels (MAX_JSON_DEPTH)"), so a caller can say whose text it was.
   */
  get refusal(): string | undefined {
    return this.#refusal
  }

  /** Scans the next chunk; false once the text is known not to be parsed (later chunks are ignored). */
  scan(bytes: Uint8Array): boolean {
    if (this.#refusal !== undefined) return false
    let depth = this.#depth
    let elements = this.#elements
    let inString = this.#inString
    let inName = this.#inName
    let hash = this.#nameHash
    const containers = this.#containers
    const max = this.#max
    const length = bytes.length
    let index = 0
    if (this.#escaped && length > 0) {
      this.#escaped = false
      if (inName) hash = Math.imul(hash ^ (bytes[0] as number), FNV_PRIME)
      index = 1
    }
    for (;;) {
      if (inString) {
        // Strings are most of a body's bytes: their end is searched natively, not byte by byte.
        const end = closingQuote(bytes, index)
        if (inName) {
          const stop = end === -1 ? length : end
          for (let at = index; at < stop; at++) hash = Math.imul(hash ^ (bytes[at] as number), FNV_PRIME)
        }
        if (end === -1) {
          this.#escaped = endsInEscape(bytes, index)
          break
        }
        index = end + 1
        inString = false
        if (inName) {
          inName = false
          if (!this.#named(hash >>> 0, depth)) return false
        }
        continue
      }
      if (index >= length) break
      const byte = bytes[index++] as number
      if (byte === QUOTE) {
        inString = true
        if (this.#expectName) {
          this.#expectName = false
          inName = true
          hash = FNV_OFFSET
        }
      } else if (byte === COMMA) {
        elements++
        this.#expectName = containers[depth] === OBJECT
        if (depth === 1 && this.#items !== undefined) this.#markComma(this.#offset + index - 1)
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        elements++
        if (++depth > max) {
          this.#refusal = `nests arrays/objects deeper than ${max} levels (MAX_JSON_DEPTH)`
          return false
        }
        const isObject = byte === OPEN_OBJECT
        containers[depth] = isObject ? OBJECT : 0
        this.#members[depth] = 0
        this.#expectName = isObject
        if (depth === 1 && this.#items !== undefined) this.#markOpen(this.#offset + index - 1, isObject)
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        depth--
        this.#expectName = false
        if (depth <= 0 && this.#items !== undefined) this.#markClose(this.#offset + index - 1, depth)
      }
    }
    this.#offset += length
    this.#depth = depth
    this.#elements = elements
    this.#inString = inString
    this.#inName = inName
    this.#nameHash = hash
    return true
  }

  #markOpen(at: number, isObject: boolean): void {
    const items = this.#items as ItemMarks
    if (items.open !== -1 || isObject) items.spoiled = true
    else items.open = at
  }

  #markComma(at: number): void {
    const items = this.#items as ItemMarks
    if (items.commas.length >= items.cap) items.spoiled = true
    if (!items.spoiled) items.commas.push(at)
  }

  #markClose(at: number, depth: number): void {
    const items = this.#items as ItemMarks
    if (depth < 0) items.spoiled = true
    else items.close = at
  }

  /** Counts a member name read at `depth`; false (and the refusal set) once a bound is passed. */
  #named(hash: number, depth: number): boolean {
    const members = (this.#members[depth] ?? 0) + 1
    this.#members[depth] = members
    if (members > MAX_OBJECT_MEMBERS) {
      this.#refusal = `has an object of more than ${MAX_OBJECT_MEMBERS.toLocaleString('en-US')} members (MAX_OBJECT_MEMBERS)`
      return false
    }
    const names = this.#names
    names.add(hash)
    if (names.size > MAX_MEMBER_NAMES) {
      this.#refusal = `uses more than ${MAX_MEMBER_NAMES.toLocaleString('en-US')} distinct member names (MAX_MEMBER_NAMES)`
      return false
    }
    return true
  }
}

/**
 * The index of the quote that ends a string read from `from` (inside it, past any escape pending from
 * the chunk before), or -1 when the string goes on past the chunk. A quote is escaped when an odd
 * run of backslashes precedes it.
 */
function closingQuote(bytes: Uint8Array, from: number): number {
  let quote = bytes.indexOf(QUOTE, from)
  while (quote !== -1) {
    let backslashes = 0
    for (let at = quote - 1; at >= from && bytes[at] === BACKSLASH; at--) backslashes++
    if (backslashes % 2 === 0) return quote
    quote = bytes.indexOf(QUOTE, quote + 1)
  }
  return -1
}

/** Whether a chunk that ends inside a string (read from `from`) ends with a backslash whose escaped byte is in the next chunk. */
function endsInEscape(bytes: Uint8Array, from: number): boolean {
  let backslashes = 0
  for (let at = bytes.length - 1; at >= from && bytes[at] === BACKSLASH; at--) backslashes++
  return backslashes % 2 === 1
}
