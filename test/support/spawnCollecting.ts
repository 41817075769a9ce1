import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'

/** A child process started by a test, with its output collected. */
export interface CollectingChild {
  child: ChildProcessWithoutNullStreams
  /** The first complete line (or lines) on stdout, e.g. a server's ready line. */
  ready: Promise<string>
  /** The exit code (null when killed by a signal) and everything written to stderr. */
  exit: Promise<{ code: number | null; stderr: string }>
  stderr(): string
}

/** Spawns `command args` with piped output (tests only): `ready` resolves on the first stdout line. */
export function spawnCollecting(command: string, args: string[]): CollectingChild {
  const child = spawn(command, args, { stdio: 'pipe' })
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const ready = new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (stdout.includes('\n')) resolve(stdout)
    })
  })
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => child.once('close', (code) => resolve({ code, stderr })))
  return { child, ready, exit, stderr: () => stderr }
}
