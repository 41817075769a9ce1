import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { HarnessError } from '../errors/harnessError.js'
import { MANIFEST_FILE } from './transcriptPaths.js'

/** The form of transcript.json this version writes and reads. */
export const TRANSCRIPT_FORMAT = 'l2conf-transcript/1'

/**
 * `transcript.json`: what a recorded run was, so `l2conf check` can run the same checks the same
 * way (ARCHITECTURE.md, transcripts). Secrets never appear: the target is masked, header names
 * only, and the private key only as which kind it was.
 */
export interface TranscriptManifest {
  format: typeof TRANSCRIPT_FORMAT
  tool: { name: string; version: string }
  recordedAt: string
  target: { rpc: string | null; ws: string | null; rest: string | null }
  profile: 'read-only' | 'full'
  seed: number
  runs: number
  strict: boolean
  timeoutMs: number
  discover: boolean
  discoverCaps: { blockRange: number; batchItems: number; requestBytes: number }
  selection: { only: string[]; skip: string[] }
  specs: { openrpc: { version: string; sha256: string }; openapi: { version: string; sha256: string } }
  /** `reference`: the bundled reference's public development key (check signs with it again); `given`: check needs the key again; `none`. */
  privateKey: 'reference' | 'given' | 'none'
  /** The run's random bytes (RunConfig.runNonce): checking the recording sends the probes it recorded. Absent in older recordings. */
  runNonce?: string
  headers: string[]
}

export function writeManifest(dir: string, manifest: TranscriptManifest): void {
  writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
}

/** The manifest of a transcript folder, or null when it has none (a folder of execution-apis fixtures). A corrupt one is a usage error. */
export function readManifest(dir: string): TranscriptManifest | null {
  const path = join(dir, MANIFEST_FILE)
  if (!existsSync(path)) return null
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new HarnessError('L2CONF_ERR_USAGE', `${path}: not JSON (${(error as Error).message})`)
  }
  const manifest = value as Partial<TranscriptManifest> | null
  if (manifest === null || typeof manifest !== 'object') throw new HarnessError('L2CONF_ERR_USAGE', `${path}: not a JSON object`)
  if (manifest.format !== TRANSCRIPT_FORMAT)
    throw new HarnessError('L2CONF_ERR_USAGE', `${path}: format ${JSON.stringify(manifest.format)}, this l2conf reads ${TRANSCRIPT_FORMAT}`)
  for (const field of ['seed', 'runs', 'timeoutMs'] as const) {
    if (typeof manifest[field] !== 'number') throw new HarnessError('L2CONF_ERR_USAGE', `${path}: "${field}" is missing or not a number`)
  }
  if (typeof manifest.target?.rpc !== 'string') throw new HarnessError('L2CONF_ERR_USAGE', `${path}: "target.rpc" is missing`)
  if (manifest.profile !== 'read-only' && manifest.profile !== 'full') throw new HarnessError('L2CONF_ERR_USAGE', `${path}: "profile" is read-only or full`)
  return manifest as TranscriptManifest
}
