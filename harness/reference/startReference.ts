import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type ChildProcess, spawn } from 'node:child_process'
import type { Socket } from 'node:net'
import type { Readable } from 'node:stream'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { HarnessError } from '../errors/harnessError.js'
import { codeExtension, codeRoot, compiled, packageRoot } from '../packageLayout.js'

/** A running bundled reference: its three URLs and chain id, and how to stop it. */
export interface ReferenceHandle {
  rpc: string
  ws: string
  rest: string
  chainId: number
  /** SIGTERM, then SIGKILL after a grace period; resolves once the process is gone. Idempotent. */
  stop(): Promise<void>
}

export interface StartReferenceOptions {
  /**
   * Extra flags for reference-impl/main.ts, passed through as given (e.g. ['--chain-id', '902'], or
   * ['--tls-cert', FILE, '--tls-key', FILE] for https/wss URLs); ports go in `ports`.
   */
  args?: string[]
  /** The node's and the REST service's ports; 0 (the default) lets the system pick free ones. */
  ports?: { rpc: number; rest: number }
  /** How long to wait for the ready line; default 60 s. */
  timeoutMs?: number
  /** The child's stderr: kept for error messages ('pipe', the default), shown, or dropped. */
  stderr?: 'inherit' | 'ignore' | 'pipe'
}

/** The reference's entry point: dist/reference-impl/main.js from the build, reference-impl/main.ts from the sources. */
export const referenceEntry = join(codeRoot, 'reference-impl', `main.${codeExtension}`)
/**
 * The TypeScript loader (development only: the build runs without it), resolved from here so the
 * child finds it whatever its working directory (through require.resolve: vitest's module runner has
 * no import.meta.resolve). Empty when this runs from dist/, which needs no loader.
 */
export const tsxLoader = compiled ? '' : pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
/**
 * The build's one-file bundle of the reference with its dependencies (dist/reference-impl/bundle/main.js),
 * ready in about 0.7 s instead of 1.15 s: Node reads one module instead of hundreds. A build without
 * it (an older dist/) runs the per-file entry.
 */
const referenceBundle = join(codeRoot, 'reference-impl', 'bundle', 'main.js')
/** Node's arguments that run the reference: the compiled bundle (or entry) as it is, the source through the loader. */
export const referenceNodeArgs: readonly string[] = compiled
  ? [existsSync(referenceBundle) ? referenceBundle : referenceEntry]
  : ['--import', tsxLoader, referenceEntry]

/** The ready line; with --tls-cert/--tls-key the addresses are https:// and wss://. */
const READY = /^l2conf reference ready rpc=(https?:\/\/\S+) ws=(wss?:\/\/\S+) rest=(https?:\/\/\S+) chainId=(\d+)$/
const STDERR_TAIL_BYTES = 4096
const STOP_GRACE_MS = 5_000

/**
 * Starts the bundled reference as a separate process on free ports (or the ones `ports` names) and
 * resolves when it prints its ready line, so the suite meets it as it meets any remote target.
 * Rejects with L2CONF_ERR_UNREACHABLE, naming the child's last stderr lines, when it exits or stays
 * silent past the time-out. The child never outlives this process: it is killed when this process
 * exits, and it stops by itself when the IPC channel to this process closes.
 */
export async function startReference(options: StartReferenceOptions = {}): Promise<ReferenceHandle> {
  const timeoutMs = options.timeoutMs ?? 60_000
  const stderrMode = options.stderr ?? 'pipe'
  const child = spawn(
    process.execPath,
    [...referenceNodeArgs, ...(options.args ?? []), '--port', String(options.ports?.rpc ?? 0), '--rest-port', String(options.ports?.rest ?? 0)],
    {
      cwd: packageRoot,
      stdio: ['ignore', 'pipe', stderrMode, 'ipc'],
      // Its own process group: a terminal's Ctrl-C reaches this process, which stops the child once.
      detached: true,
    },
  )
  const killOnExit = (): void => {
    child.kill('SIGKILL')
  }
  process.once('exit', killOnExit)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      process.off('exit', killOnExit)
      resolve({ code, signal })
    })
  })
  // The channel only signals liveness; it must not keep this process alive.
  child.channel?.unref()
  child.unref()

  let stderrTail = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES)
  })
  ;(child.stderr as Socket | null)?.unref()

  const stop = stopper(child, exited)
  try {
    const ready = await waitForReady(child, exited, timeoutMs)
    return { ...ready, stop }
  } catch (error) {
    await stop()
    // Let the last stderr lines arrive: they usually say why.
    if (child.stderr !== null && !child.stderr.readableEnded) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 500)
        child.stderr?.once('end', () => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    const reason = error instanceof Error ? error.message : String(error)
    const tail = stderrTail.trim()
    throw new HarnessError(
      'L2CONF_ERR_UNREACHABLE',
      `the bundled reference did not start: ${reason}${tail === '' ? '' : `\n--- its stderr (last lines) ---\n${tail}`}`,
      { stderr: tail, pid: child.pid },
      { cause: error },
    )
  }
}

function waitForReady(
  child: ChildProcess,
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
  timeoutMs: number,
): Promise<Omit<ReferenceHandle, 'stop'>> {
  return new Promise((resolve, reject) => {
    let buffered = ''
    if (child.stdout === null) {
      reject(new Error('no stdout to read the ready line from'))
      return
    }
    const stdout: Readable = child.stdout
    const timer = setTimeout(() => {
      cleanup()
      reject(new Error(`no ready line within ${timeoutMs} ms`))
    }, timeoutMs)
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString('utf8')
      let newline: number
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline).trim()
        buffered = buffered.slice(newline + 1)
        const match = READY.exec(line)
        if (match === null) continue
        cleanup()
        // Anything it prints later is drained, so a full pipe never blocks it; the pipe alone does
        // not keep this process alive.
        stdout.resume()
        ;(stdout as Socket).unref()
        resolve({ rpc: match[1] as string, ws: match[2] as string, rest: match[3] as string, chainId: Number(match[4]) })
        return
      }
      if (buffered.length > 64 * 1024) buffered = buffered.slice(-1024)
    }
    const onSpawnError = (error: Error): void => {
      cleanup()
      reject(error)
    }
    function cleanup(): void {
      clearTimeout(timer)
      stdout.off('data', onData)
      child.off('error', onSpawnError)
    }
    stdout.on('data', onData)
    child.once('error', onSpawnError)
    void exited.then(({ code, signal }) => {
      cleanup()
      reject(new Error(signal === null ? `it exited with code ${String(code)}` : `it was killed by ${signal}`))
    })
  })
}

function stopper(child: ChildProcess, exited: Promise<unknown>): () => Promise<void> {
  let stopping: Promise<void> | undefined
  return () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
      await exited
      clearTimeout(timer)
    })()
    return stopping
  }
}
