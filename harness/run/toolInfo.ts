import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The tool's name and version, from the package.json at `root` (what every report names as its maker). */
export function toolInfoOf(root: string): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string }
  return { name: pkg.name, version: pkg.version }
}
