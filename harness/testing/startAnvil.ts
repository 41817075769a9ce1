import { type ChildProcess, spawn } from 'node:child_process'
import { anvilBinary } from './anvilBinary.js'

/** A running Anvil: a real third-party Ethereum node for tests (standard methods, no rollup methods). */
export interface AnvilHandle {
  /** The HTTP JSON-RPC address, e.g. http://127.0.0.1:40263. */
  rpc: string
  /** The WebSocket address (the same port). */
  ws: string
  /** Stops the node (SIGTERM, then SIGKILL if it lingers) and waits for it to exit. */
  stop(): Promise<void>
}

/**
 * Starts Anvil (its binary, from the platform package: see anvilBinary) on
 * 127.0.0.1 with a free port and resolves once it listens (tests only). `args` go to anvil, e.g.
 * ['--block-time', '1'] or ['--hardfork', 'berlin']; rejects when it does not come up within `timeoutMs`.
 * @example const anvil = await startAnvil(); ...; await anvil.stop()
 */
export async function startAnvil(args: readonly string[] = [], timeoutMs = 30_000): Promise<AnvilHandle> {
  const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`anvil did not listen within ${timeoutMs} ms`), timeoutMs)
    function fail(reason: string): void {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`${reason}; its output:\n${output.slice(-2_000)}`))
    }
    const read = (chunk: Buffer): void => {
      output += chunk.toString('utf8')
      const listening = /Listening on (\S+:\d+)/.exec(output)
      if (listening?.[1] !== undefined) {
        clearTimeout(timer)
        resolve(listening[1])
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('error', (error) => fail(`anvil could not start: ${error.message}`))
    child.once('exit', (code, signal) => fail(`anvil exited early (code ${code}, signal ${signal})`))
  })
  // Stop reading what it says (a line per request: kept and rescanned, it would cost the test
  // process more than the node), but keep draining it so a chatty node never blocks on a full pipe.
  child.stdout?.removeAllListeners('data')
  child.stderr?.removeAllListeners('data')
  child.stdout?.resume()
  child.stderr?.resume()
  return { rpc: `http://${address}`, ws: `ws://${address}`, stop: () => stopChild(child) }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}
