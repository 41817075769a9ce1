import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** A running third-party node (tests only): its HTTP and WebSocket JSON-RPC addresses, and how to stop it. */
export interface NodeHandle {
  /** The HTTP JSON-RPC address, e.g. http://127.0.0.1:40263. */
  rpc: string
  /** The WebSocket address (the same port). */
  ws: string
  /** Stops the node (SIGTERM, then SIGKILL if it lingers) and waits for it to exit. */
  stop(): Promise<void>
}

/** How to start one node program and tell that it listens. */
export interface NodeProcessOptions {
  name: string
  command: string
  args: readonly string[]
  /** Matches the line the node prints once it listens; its first group is `host:port`. */
  listening: RegExp
  cwd?: string
  env?: NodeJS.ProcessEnv
  timeoutMs?: number
}

/** A free TCP port on 127.0.0.1, for nodes that cannot be told to pick one (port 0). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no free port: the server has no TCP address')
  return address.port
}

/**
 * Starts a node program and resolves once it prints its `listening` line (rejects, with its last
 * output, when it exits first or stays silent past `timeoutMs`). The program's output is then drained
 * unread: a node that logs every request must never block on a full pipe, nor cost the test process
 * the memory of keeping its log.
 */
export async function startNodeProcess(options: NodeProcessOptions): Promise<NodeHandle> {
  const timeoutMs = options.timeoutMs ?? 60_000
  const child = spawn(options.command, [...options.args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    env: { ...process.env, ...options.env },
  })
  let output = ''
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`${options.name} did not listen within ${timeoutMs} ms`), timeoutMs)
    function fail(reason: string): void {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`${reason}; its output:\n${output.slice(-2_000)}`))
    }
    const read = (chunk: Buffer): void => {
      // Colours off: some nodes print the address inside ANSI escapes.
      output += chunk.toString('utf8').replace(/\u001b\[[0-9;]*m/g, '')
      const listening = options.listening.exec(output)
      if (listening?.[1] !== undefined) {
        clearTimeout(timer)
        resolve(listening[1])
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('error', (error) => fail(`${options.name} could not start: ${error.message}`))
    child.once('exit', (code, signal) => fail(`${options.name} exited early (code ${code}, signal ${signal})`))
  })
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
