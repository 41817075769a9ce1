import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { installedVersion, pruneOldest, storeDir } from './diskStore.js'

/**
 * YAML texts parsed by earlier processes, kept on disk as JSON by the sha256 of their bytes and the
 * version of the YAML parser: a run parses openapi.yaml in the CLI and again in the suites' worker,
 * and parsing it costs some 100 ms and more (and loading the parser as much) where JSON.parse of the
 * same value costs one. An entry is found only by the hash of the very bytes it was parsed from, so a
 * changed file is parsed anew, never answered from an old entry. Kept in the package's
 * node_modules/.cache; where that cannot be written (an installed, read-only package) nothing is kept.
 */
const STORE_DIR = storeDir('parsed-yaml')
/** Entries kept at most: the least recently written go first (every edit of a spec makes another). */
const ENTRIES_KEPT = 32

function entryFile(sha256: string): string | null {
  const version = installedVersion('yaml')
  return version === null || !/^[0-9a-f]{64}$/.test(sha256) ? null : join(STORE_DIR, `${sha256}-yaml${version}.json`)
}

/** The value parsed earlier from the bytes of this hash, or undefined when none was kept (or it cannot be read). */
export function storedYamlValue(sha256: string): unknown {
  const file = entryFile(sha256)
  if (file === null) return undefined
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * Keeps a parsed value for later processes, when JSON holds it exactly (plain objects and arrays,
 * strings, booleans, null, finite numbers): a value JSON would change (`.inf`, `.nan`) is not kept.
 * Written to a file of its own and renamed into place, so a reader never sees half of one.
 */
export function storeYamlValue(sha256: string, value: unknown): void {
  const file = entryFile(sha256)
  if (file === null || !jsonHoldsExactly(value)) return
  const partial = `${file}.${process.pid}.partial`
  try {
    mkdirSync(STORE_DIR, { recursive: true })
    writeFileSync(partial, JSON.stringify(value))
    renameSync(partial, file)
    pruneOldest(STORE_DIR, ENTRIES_KEPT, (name) => name.endsWith('.json'))
  } catch {
    // Nothing kept: the next process parses the text itself.
  }
}

/** Whether JSON.parse(JSON.stringify(value)) gives back the same value. */
export function jsonHoldsExactly(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  if (Array.isArray(value)) return value.every(jsonHoldsExactly)
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false
  return Object.entries(value).every(([key, item]) => key !== '__proto__' && jsonHoldsExactly(item))
}
