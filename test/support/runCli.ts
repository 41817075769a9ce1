import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../../bin/l2conf.js', import.meta.url))

export interface CliRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/**
 * Runs the real `l2conf` bin as a child process (tests only), bounded by `timeoutMs`, with `node`
 * (a path to another Node.js binary) or the Node.js running the tests. `onStart` receives the child,
 * e.g. to send it a signal.
 */
export function runCli(
  args: string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv; cwd?: string; node?: string; onStart?: (child: ReturnType<typeof spawn>) => void } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.node ?? process.execPath, [BIN, ...args], {
      env: { ...process.env, CI: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`l2conf ${args.join(' ')} did not finish within ${options.timeoutMs ?? 180_000} ms\n${stderr.slice(-2000)}`))
    }, options.timeoutMs ?? 180_000)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout, stderr })
    })
    options.onStart?.(child)
  })
}
