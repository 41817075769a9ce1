/** A value being written: an array or object with the next member to write, or a string with the next character. */
type Frame =
  | { kind: 'array'; value: readonly unknown[]; index: number }
  | { kind: 'object'; value: Record<string, unknown>; keys: string[]; index: number; first: boolean }
  | { kind: 'string'; value: string; offset: number }

/**
 * The JSON text of a value as JSON.stringify writes it, handed out a piece at a time (`next`), so a
 * large answer is written to a transcript without its whole text ever being one string (ARCHITECTURE.md,
 * transcripts: `--record` streams large answers). The walk keeps its own stack, so it can stop at
 * any point, however deep or wide the value; a long string is escaped a slice at a time, never
 * cutting a surrogate pair. The value must not change while it is written.
 * @example const text = new JsonTextChunks(answer); for (let piece = text.next(65536); piece !== null; piece = text.next(65536)) out.write(piece)
 */
export class JsonTextChunks {
  readonly #stack: Frame[] = []
  #pending: unknown
  #started = false

  constructor(value: unknown) {
    this.#pending = value
  }

  /** The next piece of the text, of about `chars` characters (at least one member or slice), or null once all is written. */
  next(chars: number): string | null {
    const parts: string[] = []
    let length = 0
    const put = (text: string): void => {
      parts.push(text)
      length += text.length
    }
    if (!this.#started) {
      this.#started = true
      this.#open(this.#pending, put, chars)
      this.#pending = undefined
    }
    while (length < chars && this.#stack.length > 0) {
      const frame = this.#stack[this.#stack.length - 1]!
      if (frame.kind === 'string') {
        let end = Math.min(frame.value.length, frame.offset + Math.max(1, chars - length))
        // A high surrogate at the end of a slice stays with its low surrogate.
        if (end < frame.value.length && isHighSurrogate(frame.value.charCodeAt(end - 1))) end++
        put(JSON.stringify(frame.value.slice(frame.offset, end)).slice(1, -1))
        frame.offset = end
        if (end >= frame.value.length) {
          put('"')
          this.#stack.pop()
        }
      } else if (frame.kind === 'array') {
        if (frame.index >= frame.value.length) {
          put(']')
          this.#stack.pop()
          continue
        }
        if (frame.index > 0) put(',')
        const item = frame.value[frame.index++]
        // JSON.stringify writes null for what JSON cannot hold inside an array.
        this.#open(item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item, put, chars - length)
      } else {
        if (frame.index >= frame.keys.length) {
          put('}')
          this.#stack.pop()
          continue
        }
        const key = frame.keys[frame.index++]!
        const member = frame.value[key]
        if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue
        put(`${frame.first ? '' : ','}${JSON.stringify(key)}:`)
        frame.first = false
        this.#open(member, put, chars - length)
      }
    }
    return parts.length === 0 ? null : parts.join('')
  }

  /** Starts writing `value`: a scalar at once, an array, object or long string as a frame of the stack. */
  #open(value: unknown, put: (text: string) => void, room: number): void {
    if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function')
      value = (value as { toJSON: () => unknown }).toJSON()
    if (typeof value === 'string') {
      if (value.length <= Math.max(room, 64)) put(JSON.stringify(value))
      else {
        put('"')
        this.#stack.push({ kind: 'string', value, offset: 0 })
      }
    } else if (Array.isArray(value)) {
      put('[')
      this.#stack.push({ kind: 'array', value, index: 0 })
    } else if (value !== null && typeof value === 'object') {
      put('{')
      this.#stack.push({ kind: 'object', value: value as Record<string, unknown>, keys: Object.keys(value), index: 0, first: true })
    } else {
      put((JSON.stringify(value) as string | undefined) ?? 'null')
    }
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
