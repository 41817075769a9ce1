import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The package root (where package.json, openrpc.json and openapi.yaml live). */
export const packageRoot = fileURLToPath(new URL('../../', import.meta.url))

/** The tool's name and version, from package.json. */
export function toolInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string }
  return { name: pkg.name, version: pkg.version }
}
