import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** What identifies a chain: a log written for other options cannot be replayed onto this one. */
export interface ChainLogHeader {
  kind: 'header'
  format: 1
  chainId: number
  history: number
  l2GasPrice: string
  /** Hash of the last generated history block: the same options and code give the same one. */
  historyHead: string
}

/** One event after the generated history, enough to redo it exactly (same block, same hash). */
export type ChainLogEntry =
  | { kind: 'transaction'; raw: string; timestamp: number; l1: { number: number; timestamp: number; gasPrice: string } }
  | { kind: 'queue'; queueIndex: number; l1BlockNumber: number; l1Timestamp: number; timestamp: number }
  | { kind: 'batch'; lastIndex: number; timestamp: number }

const FILE = 'chain.jsonl'

/**
 * The node's persistence (`datadir`): a JSON-lines log of what happened after the generated history
 * (accepted raw transactions, queue messages, batch posts), each line written as it happens. At start
 * the node regenerates the history and replays the log. A log whose header names other options, or a
 * history head the node does not reproduce, is refused rather than replayed onto the wrong chain; an
 * unfinished last line (a crash mid-write) is dropped.
 */
export class ChainLog {
  readonly path: string

  private constructor(path: string) {
    this.path = path
  }

  /** Opens (or creates) the log in `datadir` and returns the entries to replay. */
  static open(datadir: string, header: ChainLogHeader, warn: (message: string) => void): { log: ChainLog; entries: ChainLogEntry[] } {
    mkdirSync(datadir, { recursive: true })
    const path = join(datadir, FILE)
    if (!existsSync(path)) {
      writeFileSync(path, `${JSON.stringify(header)}\n`)
      return { log: new ChainLog(path), entries: [] }
    }
    const text = readFileSync(path, 'utf8')
    const lines = text.split('\n')
    const complete = lines.slice(0, -1) // the last element is '' after a final newline, or an unfinished line
    if (!text.endsWith('\n') && lines.at(-1) !== '') warn(`datadir: dropping an unfinished last line of ${path}`)
    const [first, ...rest] = complete
    const found = first === undefined ? undefined : (JSON.parse(first) as Partial<ChainLogHeader>)
    for (const key of ['format', 'chainId', 'history', 'l2GasPrice', 'historyHead'] as const) {
      if (found?.[key] !== header[key]) {
        throw new Error(
          `datadir ${datadir} holds a chain made with ${key} = ${JSON.stringify(found?.[key])}, this node has ${JSON.stringify(header[key])}; ` +
            'start with the same options or an empty datadir',
        )
      }
    }
    if (!text.endsWith('\n')) writeFileSync(path, `${complete.join('\n')}\n`)
    return { log: new ChainLog(path), entries: rest.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as ChainLogEntry) }
  }

  /** Appends one entry (synchronously, so entries are in the order of the events). */
  append(entry: ChainLogEntry): void {
    appendFileSync(this.path, `${JSON.stringify(entry)}\n`)
  }
}
