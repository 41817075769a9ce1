import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** A running Anvil: a real third-party Ethereum node for tests (standard methods, no rollup methods). */
export interface AnvilHandle {
  rpc: string
  ws: string
  stop(): Promise<void>
}

/** Anvil's launcher script, from the @foundry-rs/anvil package (its binary ships in a platform package). */
function anvilBin(): string {
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve('@foundry-rs/anvil/package.json')), 'bin.mjs')
}

/**
 * Starts Anvil on 127.0.0.1 with a free port and resolves once it listens (tests only).
 * `args` are extra Anvil flags, e.g. ['--block-time', '1'].
 */
export async function startAnvil(args: string[] = [], timeoutMs = 20_000): Promise<AnvilHandle> {
  const child = spawn(process.execPath, [anvilBin(), '--host', '127.0.0.1', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`anvil did not start within ${timeoutMs} ms: ${output.slice(-400)}`))
    }, timeoutMs)
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const match = /Listening on [\d.]+:(\d+)/.exec(output)
      if (match !== null) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`anvil exited with ${code}: ${output.slice(-400)}`))
    })
  })
  child.stdout.resume()
  child.stderr.resume()
  return {
    rpc: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref()
      }),
  }
}
