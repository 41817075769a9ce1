import { type ChildProcess, spawn } from 'node:child_process'
import { anvilBinary } from '../test/nodes/anvilBinary.js'
import { createServer } from 'node:net'
import type { AnvilHandle } from '../test/nodes/startAnvil.js'

/** A free loopback port (asked of the OS, then released for Anvil to take; retried if taken meanwhile). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function answers(rpc: string): Promise<boolean> {
  try {
    const response = await fetch(rpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
    })
    return response.ok
  } catch {
    return false
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  return exited.finally(() => clearTimeout(timer))
}

/**
 * Starts Anvil for the benchmarks: the same binary as test/nodes/startAnvil.ts,
 * but with `--silent`, so Anvil does not write a log line per request into a pipe this process must
 * read while it is also the load generator (measured: that reading cut Anvil's figures by a factor of
 * 3 to 20). `--silent` also hides the line naming the port, so the port is chosen here and readiness
 * is an answered eth_chainId.
 * @example const anvil = await startSilentAnvil(['--no-mining']); ...; await anvil.stop()
 */
export async function startSilentAnvil(args: readonly string[] = [], timeoutMs = 30_000): Promise<AnvilHandle> {
  let lastFailure = ''
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort()
    const rpc = `http://127.0.0.1:${port}`
    const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(port), '--silent', ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    const killOnExit = (): void => {
      child.kill('SIGTERM')
    }
    process.once('exit', killOnExit)
    child.once('exit', () => process.off('exit', killOnExit))
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2_000)
    })
    const deadline = performance.now() + timeoutMs
    while (child.exitCode === null && child.signalCode === null && performance.now() < deadline) {
      if (await answers(rpc)) return { rpc, ws: `ws://127.0.0.1:${port}`, stop: () => stopChild(child) }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    lastFailure = child.exitCode === null && child.signalCode === null ? `no answer within ${timeoutMs} ms` : `it exited (code ${child.exitCode}): ${stderr}`
    await stopChild(child)
  }
  throw new Error(`anvil did not start: ${lastFailure}`)
}
