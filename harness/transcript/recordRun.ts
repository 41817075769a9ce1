import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { HarnessError } from '../errors/harnessError.js'
import type { Report } from '../report/result.js'
import { REFERENCE_DEV_KEY, type RunConfig } from '../run/runConfig.js'
import { maskUrl } from '../transport/maskUrl.js'
import { TRANSCRIPT_FORMAT, type TranscriptManifest } from './manifest.js'

/** `--record DIR`: a new or empty folder, created now, so a usage error (exit 2) comes before anything is sent. */
export function prepareRecordDir(dir: string): void {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new HarnessError('L2CONF_ERR_USAGE', `--record ${dir}: not a folder`)
    if (readdirSync(dir).length > 0)
      throw new HarnessError(
        'L2CONF_ERR_USAGE',
        `--record ${dir}: the folder is not empty (a transcript is written into a new or empty folder, never mixed with another)`,
      )
    return
  }
  try {
    mkdirSync(dir, { recursive: true })
  } catch (error) {
    throw new HarnessError('L2CONF_ERR_USAGE', `--record ${dir}: cannot create the folder (${(error as Error).message})`)
  }
}

/** The manifest of a run being recorded: how `l2conf check` runs the same checks the same way. */
export function manifestFor(config: RunConfig, specs: Report['specs'], tool: { name: string; version: string }, startedAt: Date): TranscriptManifest {
  const mask = (url: string | null): string | null => (url === null ? null : maskUrl(url))
  return {
    format: TRANSCRIPT_FORMAT,
    tool,
    recordedAt: startedAt.toISOString(),
    target: { rpc: mask(config.rpc), ws: mask(config.ws), rest: mask(config.rest) },
    profile: config.profile,
    seed: config.seed,
    runNonce: config.runNonce,
    runs: config.runs,
    strict: config.strict,
    timeoutMs: config.timeoutMs,
    discover: config.discover,
    discoverCaps: config.discoverCaps,
    selection: { only: config.only, skip: config.skip },
    specs: {
      openrpc: { version: specs.openrpc.version, sha256: specs.openrpc.sha256 },
      openapi: { version: specs.openapi.version, sha256: specs.openapi.sha256 },
    },
    privateKey: config.privateKey === null ? 'none' : config.privateKey === REFERENCE_DEV_KEY ? 'reference' : 'given',
    headers: Object.keys(config.headers),
  }
}
