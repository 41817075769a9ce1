import { readdirSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { packageRoot } from '../packageLayout.js'

const require = createRequire(import.meta.url)
const versions = new Map<string, string | null>()

/**
 * The folder of one of the stores earlier processes leave for later ones (a parsed YAML text, a spec
 * known to compile): under the package's node_modules/.cache/l2conf/, which `npm ci` starts empty.
 */
export function storeDir(name: string): string {
  return join(packageRoot, 'node_modules', '.cache', 'l2conf', name)
}

/** Removes the least recently written entries of `dir` (those `isEntry` names) past `kept`. */
export function pruneOldest(dir: string, kept: number, isEntry: (name: string) => boolean = () => true): void {
  const names = readdirSync(dir).filter(isEntry)
  if (names.length <= kept) return
  const byAge = names
    .map((name) => ({ name, written: statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => a.written - b.written)
  for (const { name } of byAge.slice(0, names.length - kept)) rmSync(join(dir, name), { force: true })
}

/**
 * The installed version of a package (read once per process), part of a store's keys so that an
 * upgrade never answers from an entry the old version made; null when it cannot be read.
 */
export function installedVersion(name: string): string | null {
  let version = versions.get(name)
  if (version === undefined) {
    try {
      const manifest = require(`${name}/package.json`) as { version?: unknown }
      version = typeof manifest.version === 'string' ? manifest.version : null
    } catch {
      version = null
    }
    versions.set(name, version)
  }
  return version
}
