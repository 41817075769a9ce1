import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { codeExtension } from '../packageLayout.js'
import { installedVersion, pruneOldest, storeDir } from './diskStore.js'

/**
 * Spec files every schema of which compiled in an earlier process, remembered on disk by the sha256
 * of their bytes and of the code that compiles them. `l2conf run` compiles every validator of both
 * specs before anything is sent, so that a schema that does not compile is a usage error (exit 2),
 * not a failure halfway through a run; the same bytes compiled by the same code compile the same way,
 * so a spec that compiled before is loaded with its validators compiled on first use (the suites'
 * worker compiles its own anyway), which saves 0.1 to 0.2 s of every run's start. "The same code" is
 * every module of this directory (the loaders, the dereferencer, the OpenAPI conversion, ajv's
 * options) and the installed versions of ajv and ajv-formats: an edit of any of them, or of the
 * spec, is compiled anew. Kept in the package's node_modules/.cache; where that cannot be written (an
 * installed, read-only package) nothing is kept and every run compiles.
 */
const STORE_DIR = storeDir('compiled-specs')
/** Entries kept at most: the least recently written go first (every edit of a spec makes another). */
const ENTRIES_KEPT = 64

let fingerprint: string | null | undefined

/** sha256 of the compiling code (this directory's modules, ajv's and ajv-formats' versions); null when it cannot be read. */
function compilerFingerprint(): string | null {
  if (fingerprint === undefined) {
    try {
      const hash = createHash('sha256')
      for (const name of ['ajv', 'ajv-formats']) {
        const version = installedVersion(name)
        if (version === null) throw new Error(`${name} has no version`)
        hash.update(`${name} ${version}\n`)
      }
      const here = dirname(fileURLToPath(import.meta.url))
      const modules = readdirSync(here)
        .filter((name) => name.endsWith(`.${codeExtension}`) && !name.endsWith('.d.ts') && !name.includes('.test.'))
        .sort()
      for (const name of modules) hash.update(`${name}\n`).update(readFileSync(join(here, name)))
      fingerprint = hash.digest('hex')
    } catch {
      fingerprint = null
    }
  }
  return fingerprint
}

function entryFile(sha256: string): string | null {
  const code = compilerFingerprint()
  if (code === null || !/^[0-9a-f]{64}$/.test(sha256)) return null
  return join(STORE_DIR, createHash('sha256').update(`${sha256} ${code}`).digest('hex'))
}

/** Whether a spec of these bytes compiled whole before, with the code running now. */
export function compiledBefore(sha256: string): boolean {
  const file = entryFile(sha256)
  if (file === null) return false
  return statSync(file, { throwIfNoEntry: false })?.isFile() === true
}

/** Remembers that a spec of these bytes compiled whole (call it only once every validator compiled). */
export function rememberCompiled(sha256: string): void {
  const file = entryFile(sha256)
  if (file === null) return
  try {
    mkdirSync(STORE_DIR, { recursive: true })
    // An empty file: its name is the whole entry, so a reader never sees half of one.
    writeFileSync(file, '')
    pruneOldest(STORE_DIR, ENTRIES_KEPT)
  } catch {
    // Nothing kept: the next run compiles the spec itself.
  }
}
