import type { TopLevelItems } from '../../common/jsonShape.js'

/**
 * Bodies from this size up that are one top-level array (a batch answer) are parsed an item at a
 * time (parseItems). Below it, joining the chunks and parsing the whole text costs less.
 */
export const ITEMWISE_MIN_BYTES = 1024 * 1024
/** Arrays of more items than this are parsed whole: an item at a time would cost a call per item. */
export const ITEMWISE_MAX_ITEMS = 10_000

/** JSON's whitespace (RFC 8259 section 2), the only bytes allowed around the array. */
function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
}

/**
 * A body held as chunks, read forward: the bytes between two offsets, copied only when they span
 * chunks. Offsets asked for must not go backwards.
 */
class ChunkReader {
  readonly #chunks: readonly Buffer[]
  #index = 0
  /** Offset of chunks[#index]'s first byte in the body. */
  #start = 0

  constructor(chunks: readonly Buffer[]) {
    this.#chunks = chunks
  }

  /** The bytes [from, to) of the body. */
  slice(from: number, to: number): Buffer {
    const chunks = this.#chunks
    while (this.#index < chunks.length - 1 && this.#start + (chunks[this.#index] as Buffer).length <= from) {
      this.#start += (chunks[this.#index] as Buffer).length
      this.#index++
    }
    const first = chunks[this.#index] as Buffer
    if (to <= this.#start + first.length) return first.subarray(from - this.#start, to - this.#start)
    const parts: Buffer[] = [first.subarray(from - this.#start)]
    let at = this.#start + first.length
    for (let index = this.#index + 1; index < chunks.length && at < to; index++) {
      const chunk = chunks[index] as Buffer
      parts.push(chunk.subarray(0, Math.min(chunk.length, to - at)))
      at += chunk.length
    }
    return Buffer.concat(parts)
  }
}

/** Whether bytes [from, to) of the body are all JSON whitespace. */
function whitespaceOnly(reader: ChunkReader, from: number, to: number): boolean {
  if (to <= from) return true
  for (const byte of reader.slice(from, to)) if (!isJsonWhitespace(byte)) return false
  return true
}

/**
 * The value of a body that is one JSON array, parsed an item at a time from its chunks, where the
 * scanner marked its `[`, the commas between its items and its `]` (JsonShapeScanner's topLevelItems);
 * undefined when the marks do not give a JSON array (something besides whitespace outside it, an item
 * that is not JSON on its own, an empty array): the caller then parses the whole text as before. The
 * value is JSON.parse's of the whole text: `[` item `,` ... `]` with only whitespace around, each item
 * JSON, is that array; and an item is decoded alone from UTF-8 as it would be within the whole text,
 * since it is cut at ASCII bytes. `bytes` is the body's length.
 */
export function parseItems(chunks: readonly Buffer[], items: TopLevelItems, bytes: number): unknown[] | undefined {
  if (chunks.length === 0) return undefined
  const reader = new ChunkReader(chunks)
  if (!whitespaceOnly(reader, 0, items.open)) return undefined
  const bounds = [items.open, ...items.commas, items.close]
  const values: unknown[] = new Array(bounds.length - 1)
  for (let index = 0; index + 1 < bounds.length; index++) {
    const text = reader.slice((bounds[index] as number) + 1, bounds[index + 1] as number).toString('utf8')
    try {
      values[index] = JSON.parse(text) as unknown
    } catch {
      return undefined
    }
  }
  return whitespaceOnly(reader, items.close + 1, bytes) ? values : undefined
}
