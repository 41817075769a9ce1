/**
 * Run as a program (`node --import tsx test/clients/libraryIsolation.ts RPC WS KEY`): runs
 * every CLIENT-COMPAT check against RPC/WS with the environment and the file system watched from the
 * moment the libraries may load, and prints one JSON line: each environment variable read and each
 * file written (by whom: the first frames of its stack), and each check's status. The libraries must
 * read no variable and write no file (libraryIsolation.e2e.test.ts); a process of its own, as the
 * watching replaces process.env and patches node:fs for the whole process.
 */
import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { join } from 'node:path'
import { runCheck } from '../../harness/run/engine.js'
import { declareChecks } from '../../harness/run/registry.js'
import { parseRunArgs } from '../../harness/run/runConfig.js'
import { createRunContext } from '../../harness/run/runContext.js'
import * as CLIENT_COMPAT from '../../harness/requirements/CLIENT-COMPAT.js'

const [rpc, ws, key] = process.argv.slice(2)
const root = join(import.meta.dirname, '../..')
const config = parseRunArgs(['--rpc', rpc!, '--ws', ws!, '--profile', 'full', '--private-key', key!, '--timeout', '10000'], {
  openrpc: join(root, 'openrpc.json'),
  openapi: join(root, 'openapi.yaml'),
  env: {},
})
if (config === 'help') throw new Error('unexpected --help')
const context = await createRunContext(config)
const { checks } = declareChecks([CLIENT_COMPAT], context)

/** The frames of the current stack that are not this file's or Node's own. */
function caller(): string[] {
  const frames = (new Error().stack ?? '')
    .split('\n')
    .slice(2)
    .map((line) => line.trim())
  return frames.filter((frame) => !frame.includes('libraryIsolation') && !frame.includes('node:internal') && !frame.includes('(node:')).slice(0, 6)
}

const envReads: Array<{ name: string; stack: string[] }> = []
const writes: Array<{ call: string; path: string; stack: string[] }> = []
const environment = process.env
process.env = new Proxy(environment, {
  get(target, name, receiver) {
    if (typeof name === 'string') envReads.push({ name, stack: caller() })
    return Reflect.get(target, name, receiver)
  },
  has(target, name) {
    if (typeof name === 'string') envReads.push({ name, stack: caller() })
    return Reflect.has(target, name)
  },
})
const writing = [
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'createWriteStream',
  'mkdir',
  'mkdirSync',
  'rename',
  'renameSync',
  'rm',
  'rmSync',
  'unlink',
  'unlinkSync',
  'copyFile',
  'copyFileSync',
  'symlink',
  'symlinkSync',
] as const
for (const name of writing) {
  const original = (fs as unknown as Record<string, (...args: unknown[]) => unknown>)[name]!
  ;(fs as unknown as Record<string, unknown>)[name] = function watched(this: unknown, ...args: unknown[]) {
    writes.push({ call: `fs.${name}`, path: String(args[0]), stack: caller() })
    return original.apply(this, args)
  }
}
for (const name of ['writeFile', 'appendFile', 'mkdir', 'rename', 'rm', 'unlink', 'copyFile', 'symlink', 'open'] as const) {
  const promises = fs.promises as unknown as Record<string, (...args: unknown[]) => unknown>
  const original = promises[name]!
  promises[name] = function watched(this: unknown, ...args: unknown[]) {
    if (name !== 'open' || /[wa+]/.test(String(args[1] ?? 'r'))) writes.push({ call: `fs.promises.${name}`, path: String(args[0]), stack: caller() })
    return original.apply(this, args)
  }
}
const openSync = fs.openSync
fs.openSync = function watched(path: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode | null) {
  if (/[wa+]/.test(String(flags ?? 'r'))) writes.push({ call: 'fs.openSync', path: String(path), stack: caller() })
  return openSync(path, flags ?? 'r', mode)
} as typeof fs.openSync
syncBuiltinESMExports()

const results: Array<{ id: string; status: string; message: string }> = []
for (const check of checks) {
  const result = await runCheck(check, context)
  results.push({ id: result.id, status: result.status, message: result.message })
}
await context.close()
process.env = environment
process.stdout.write(`${JSON.stringify({ envReads, writes, results })}\n`)
process.exit(0)
