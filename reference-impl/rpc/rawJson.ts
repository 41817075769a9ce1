/**
 * A method result that is JSON text already (e.g. blocks joined from their cached JSON): the
 * transports put the text in the response as it is, without parsing or serialising it again.
 */
export class RawJson {
  readonly text: string

  /** `text` must be one valid JSON value. */
  constructor(text: string) {
    this.text = text
  }
}
