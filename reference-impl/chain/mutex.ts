/**
 * Runs async sections one at a time, in call order. The node serializes every write (transactions,
 * queue messages, batch posts) through one, so blocks never interleave; state readers use another.
 */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve()

  run<T>(section: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(section, section)
    this.#tail = result.catch(() => undefined)
    return result
  }
}
