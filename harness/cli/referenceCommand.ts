import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import { referenceNodeArgs } from '../reference/startReference.js'

/**
 * `l2conf reference [flags]`: runs the bundled reference node in the foreground (its flags and
 * --help are its own), forwards SIGINT/SIGTERM to it once, and returns its exit code.
 */
export async function referenceCommand(argv: string[]): Promise<number> {
  const child = spawn(process.execPath, [...referenceNodeArgs, ...argv], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    // Its own process group, so a terminal's Ctrl-C reaches it once (forwarded), not twice.
    detached: true,
  })
  const forward = (signal: NodeJS.Signals): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
  }
  const onSigint = (): void => forward('SIGINT')
  const onSigterm = (): void => forward('SIGTERM')
  process.on('SIGINT', onSigint)
  process.on('SIGTERM', onSigterm)
  try {
    return await new Promise<number>((resolve) => {
      child.once('error', (error) => {
        console.error(`l2conf reference: cannot start the reference: ${error.message}`)
        resolve(1)
      })
      child.once('exit', (code, signal) => {
        resolve(code ?? (signal === null ? 1 : 128 + (constants.signals[signal] ?? 0)))
      })
    })
  } finally {
    process.off('SIGINT', onSigint)
    process.off('SIGTERM', onSigterm)
  }
}
