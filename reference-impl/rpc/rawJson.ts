/**
 * A method result that is JSON already, as UTF-8 bytes in one or more parts (e.g. blocks' cached
 * JSON with the brackets and commas between them): the transports write the parts as they are,
 * never parsing, serialising, re-encoding or even joining them.
 */
export class RawJson {
  /** The parts, in order; together one valid JSON value. Shared: never written to. */
  readonly parts: readonly Buffer[]
  /** Their total length. */
  readonly byteLength: number
  #text: string | undefined

  constructor(parts: readonly Buffer[], byteLength: number = parts.reduce((sum, part) => sum + part.length, 0)) {
    this.parts = parts
    this.byteLength = byteLength
  }

  /**
   * The JSON as text (for callers that parse it, and WebSocket frames). Decoded once per object: a
   * result object kept by its producer (the head block's, asked for again and again) is decoded only
   * the first time.
   */
  text(): string {
    this.#text ??= this.parts.length === 1 ? (this.parts[0] as Buffer).toString('utf8') : Buffer.concat(this.parts, this.byteLength).toString('utf8')
    return this.#text
  }
}
