import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const guard = fileURLToPath(new URL('./rejectionGuard.ts', import.meta.url))

/** Runs `body` in a Node.js process of its own with the guard installed; its exit code and stderr. */
function withGuard(body: string): { status: number | null; stderr: string } {
  const script = `const { guardLibraryRejections } = await import(${JSON.stringify(guard)}); guardLibraryRejections(); ${body}; setTimeout(() => process.exit(0), 100)`
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 })
  return { status: run.status, stderr: run.stderr }
}

test("a library's stray rejection does not end the process; any other still does", () => {
  const library = withGuard(
    `const e = new Error('provider destroyed; cancelled request'); e.stack = 'Error: provider destroyed\\n    at makeError (file:///app/node_modules/ethers/lib.esm/utils/errors.js:132:21)'; Promise.reject(e)`,
  )
  expect(library.status, library.stderr).toBe(0)
  const ours = withGuard(`Promise.reject(new Error('a harness bug'))`)
  expect(ours.status).not.toBe(0)
  expect(ours.stderr).toContain('a harness bug')
}, 60_000)
