/**
 * Characters of text held back at the end of each piece, so a secret cut by a piece's end is masked
 * whole with the next piece: more than any secret's embedded form and a URL password
 * (textRedactor's), and most `--redact` matches. A `--redact` match longer than this may be cut.
 */
export const MASK_OVERLAP_CHARS = 16 * 1024
/** Text held back at most while a match runs on (a `--redact` pattern matching megabytes): past it, the text is cut anyway. */
const MAX_CARRY_CHARS = 4 * 1024 * 1024

/**
 * Masks a text that comes in pieces (a large answer written to a transcript a piece at a time) as
 * `redact` masks it whole: every secret cut by the end of a piece is masked once the rest of it has
 * come. `push` returns the masked text that can be written now, `end` the rest. A piece is let out
 * only up to a point where masking the two sides apart gives what masking them together gives, so
 * any redactor (the run's secrets and `--redact` patterns) works unchanged.
 * @example const masker = new StreamMasker(redact); out.write(masker.push(piece)); ...; out.write(masker.end())
 */
export class StreamMasker {
  readonly #redact: (text: string) => string
  readonly #overlap: number
  #carry = ''

  constructor(redact: (text: string) => string, overlap = MASK_OVERLAP_CHARS) {
    this.#redact = redact
    this.#overlap = overlap
  }

  /** Takes the next piece; returns the masked text that no later piece can change (possibly ''). */
  push(piece: string): string {
    const window = this.#carry + piece
    if (window.length <= 2 * this.#overlap) {
      this.#carry = window
      return ''
    }
    const whole = this.#redact(window)
    for (let cut = window.length - this.#overlap; cut > 0; cut -= this.#overlap) {
      const head = window.slice(0, cut)
      const tail = window.slice(cut)
      // Nothing masked in the window: a cut one overlap from its end splits no secret shorter than the overlap.
      if (whole === window) {
        this.#carry = tail
        return head
      }
      const masked = this.#redact(head)
      if (whole === masked + this.#redact(tail)) {
        this.#carry = tail
        return masked
      }
    }
    // No cut keeps every match whole (one as long as the window): wait for more, up to a bound; past
    // it (a `--redact` pattern matching megabytes) the window is cut anyway, each side masked.
    if (window.length < MAX_CARRY_CHARS) {
      this.#carry = window
      return ''
    }
    this.#carry = window.slice(window.length - this.#overlap)
    return this.#redact(window.slice(0, window.length - this.#overlap))
  }

  /** The masked rest, once the last piece has come. */
  end(): string {
    const rest = this.#redact(this.#carry)
    this.#carry = ''
    return rest
  }
}
