import { join, resolve } from 'node:path'
import { isHarnessError } from '../errors/harnessError.js'
import { textRedactor } from '../report/redact.js'
import { startReference } from '../reference/startReference.js'
import { referenceOptions } from '../reference/referenceOptions.js'
import { parseRunArgs, RUN_USAGE, type RunConfig } from '../run/runConfig.js'
import type { TranscriptManifest } from '../transcript/manifest.js'
import { urlSecrets } from '../transport/maskUrl.js'
import { packageRoot } from './packageInfo.js'
import type { TranscriptFile } from '../transcript/recordedExchange.js'

/**
 * `l2conf run`: certifies a target (ARCHITECTURE.md, the CLI contract), a thin layer over prepareRun and
 * executeRun (the same code as the library's certify()). Exit 0 every MUST passed; 1 a check failed, the
 * run was cut short, or nothing was certified; 2 bad usage or config (found before anything is sent);
 * 3 the target unreachable. Every line printed and every report is redacted: header values, the private
 * key, URL passwords and API keys, and each --redact pattern.
 */
export async function runCommand(
  argv: string[],
  mode: { replay?: { dir: string; manifest: TranscriptManifest; files?: TranscriptFile[] } } = {},
): Promise<number> {
  // Before the config is known, only URL passwords can be masked (a flag's error may echo the address).
  let redact = textRedactor(argv.flatMap(urlSecrets))
  const say = (line: string): void => void console.error(redact(line))
  const fail = (message: string, code: 2 | 3): number => {
    say(`l2conf run: ${message}`)
    if (code === 2) console.error(`See 'l2conf run --help'.`)
    return code
  }

  let config: RunConfig
  try {
    const parsed = parseRunArgs(argv, { openrpc: join(packageRoot, 'openrpc.json'), openapi: join(packageRoot, 'openapi.yaml'), implicitTarget: 'refuse' })
    if (parsed === 'help') {
      console.log(RUN_USAGE)
      return 0
    }
    config = parsed
    // l2conf check: every answer comes from a transcript folder (ARCHITECTURE.md, transcripts), its
    // manifest read once: the clock starts when it was recorded, and the run's random bytes are the
    // recording's, so the probes made of them are the recorded ones.
    if (mode.replay !== undefined) {
      config.replay = resolve(mode.replay.dir)
      config.recordedAt = mode.replay.manifest.recordedAt
      config.runNonce = mode.replay.manifest.runNonce ?? config.runNonce
      if (mode.replay.files !== undefined) config.replayFiles = mode.replay.files
    }
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  }
  if (config.targets !== null) return (await import('./fleetCommand.js')).fleetCommand(config)

  // The bundled reference starts now, before the modules of the run load (vitest, the specs' compiler:
  // about a second), while the specs load and vitest starts (executeRun awaits it and reports its
  // failure where it is needed); it is stopped whatever way this run ends.
  const reference = config.reference && !config.list ? startReference(referenceOptions(config)) : undefined
  reference?.catch(() => undefined)
  try {
    const { certifyPrepared } = await import('./certifyPrepared.js')
    return await certifyPrepared(config, say, fail, reference)
  } finally {
    await reference?.then(
      (handle) => handle.stop(),
      () => undefined,
    )
  }
}
