import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LIBRARIES, OPERATIONS, clientCheckId, parseClientCheckId } from './libraries.js'

const root = new URL('../../', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { dependencies: Record<string, string> }

/** The version of the package installed under the name `name`. */
function installed(name: string): string {
  const require = createRequire(new URL('package.json', root))
  let dir = dirname(require.resolve(name))
  while (!dir.endsWith(join('node_modules', name))) dir = dirname(dir)
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version
}

describe('the pinned client libraries', () => {
  it('are dependencies at exactly the versions the checks name, and installed so', () => {
    for (const { name, version } of LIBRARIES) {
      expect(manifest.dependencies[name], name).toBe(version)
      expect(installed(name), name).toBe(version)
    }
  })

  it("each operation names each library's own call; ids are unique and read back", () => {
    expect(new Set(OPERATIONS.map((op) => op.id)).size).toBe(OPERATIONS.length)
    for (const op of OPERATIONS) {
      for (const { name } of LIBRARIES) {
        expect(op.calls[name].length, `${op.id} ${name}`).toBeGreaterThan(2)
        expect(parseClientCheckId(clientCheckId(name, op.id))).toEqual({ library: name, operation: op.id })
      }
    }
    expect(parseClientCheckId('standard.eth_chainId')).toBeNull()
  })
})
