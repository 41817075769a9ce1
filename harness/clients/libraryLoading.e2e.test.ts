import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import { runCli } from '../../test/support/runCli.js'

/** A preload that says on stderr when a client library is imported (test/clients/traceLibraryImports.mjs). */
const TRACE = { NODE_OPTIONS: `--import ${fileURLToPath(new URL('../../test/clients/traceLibraryImports.mjs', import.meta.url))}` }
const imported = (stderr: string): string[] => [...stderr.matchAll(/^l2conf-trace: import (\S+)$/gm)].map((match) => match[1]!).sort()

/**
 * The client libraries are loaded only by CLIENT-COMPAT's checks, each by its own library's checks:
 * listing checks and a run that leaves CLIENT-COMPAT out load none of them.
 */
describe('loading the client libraries', () => {
  it('--list loads none', async () => {
    const run = await runCli(['run', '--rpc', 'http://127.0.0.1:9', '--list'], { env: TRACE, timeoutMs: 60_000 })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('client.viem.chain-id\tCLIENT-COMPAT\tSHOULD')
    expect(imported(run.stderr)).toEqual([])
  }, 90_000)

  it('a run that skips CLIENT-COMPAT loads none; a check of one library loads that one', async () => {
    const skipped = await runCli(
      ['run', '--reference', '--skip', 'CLIENT-COMPAT', '--no-discover', '--report-dir', join(tmpdir(), `l2conf-client-loading-${process.pid}-skip`)],
      { env: TRACE, timeoutMs: 120_000 },
    )
    expect(skipped.code, skipped.stderr).toBe(0)
    expect(imported(skipped.stderr)).toEqual([])
    const one = await runCli(
      ['run', '--reference', '--only', 'client.ethers.chain-id', '--report-dir', join(tmpdir(), `l2conf-client-loading-${process.pid}-one`)],
      { env: TRACE, timeoutMs: 120_000 },
    )
    expect(one.code, one.stderr).toBe(0)
    expect(imported(one.stderr)).toEqual(['ethers'])
  }, 240_000)
})

/**
 * What the libraries do to the process while they run: every CLIENT-COMPAT check, full profile,
 * against the reference, in a process of its own with the environment and node:fs watched
 * (test/clients/libraryIsolation.ts). No library reads an environment variable or writes a file.
 */
describe('the client libraries during a run', () => {
  let reference: ReferenceHandle | undefined
  beforeAll(async () => {
    reference = await startReference()
  }, 60_000)
  afterAll(async () => {
    await reference?.stop()
  })

  it('read no environment variable, write no file, and pass against the reference', async () => {
    const script = fileURLToPath(new URL('../../test/clients/libraryIsolation.ts', import.meta.url))
    const key = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a'
    const child = spawn(process.execPath, ['--import', 'tsx', script, reference!.rpc, reference!.ws, key], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code, stderr).toBe(0)
    const seen = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      envReads: Array<{ name: string; stack: string[] }>
      writes: Array<{ call: string; path: string; stack: string[] }>
      results: Array<{ id: string; status: string; message: string }>
    }
    const byLibraries = (stack: readonly string[]): boolean => stack.some((frame) => LIBRARY_FRAME.test(frame))
    expect(seen.envReads.filter((read) => byLibraries(read.stack)).map((read) => `${read.name} ${read.stack[0]}`)).toEqual([])
    expect(seen.writes.map((write) => `${write.call} ${write.path} ${write.stack[0]}`)).toEqual([])
    expect(seen.results.filter((result) => result.status !== 'passed')).toEqual([])
    expect(seen.results.length).toBe(69)
    expect(LIBRARY_DIRS.length).toBeGreaterThan(10)
  }, 240_000)
})

/** The directory of the package `name` as Node finds it from `from` (node_modules upwards). */
function packageDir(name: string, from: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dirname(dir) === dir) return null
  }
}

/** The packages the client libraries bring (their dependency closure), less those the harness depends on itself. */
function librariesOnly(): Set<string> {
  const root = fileURLToPath(new URL('../../', import.meta.url))
  const own = new Set(Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies))
  const found = new Set<string>()
  const queue: Array<[string, string]> = [
    ['viem', root],
    ['ethers', root],
    ['web3', root],
  ]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const [name, from] = next
    const dir = packageDir(name, from)
    if (dir === null || found.has(dir)) continue
    found.add(dir)
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>
      optionalDependencies?: Record<string, string>
    }
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) queue.push([dep, dir])
  }
  return new Set(
    [...found].filter(
      (dir) =>
        !own.has(dir.slice(dir.lastIndexOf('node_modules') + 'node_modules/'.length)) ||
        ['viem', 'ethers', 'web3'].some((lib) => dir.endsWith(join('node_modules', lib))),
    ),
  )
}

const LIBRARY_DIRS = [...librariesOnly()]
/** A stack frame in a client library or in a package only the libraries bring. */
const LIBRARY_FRAME = { test: (frame: string): boolean => LIBRARY_DIRS.some((dir) => frame.includes(`${dir}/`)) }
