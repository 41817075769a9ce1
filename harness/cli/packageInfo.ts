import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { packageRoot } from '../packageLayout.js'

/** The package root (where package.json, openrpc.json and openapi.yaml live), whether this runs from source or from dist/. */
export { packageRoot }

/** The tool's name and version, from package.json. */
export function toolInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { name: string; version: string }
  return { name: pkg.name, version: pkg.version }
}
