import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { HarnessError } from '../errors/harnessError.js'
import { parseIo } from './ioFormat.js'
import type { TranscriptFile } from './recordedExchange.js'
import { parseRest } from './restFormat.js'

function usage(message: string): HarnessError {
  return new HarnessError('L2CONF_ERR_USAGE', message)
}

/** Every file under `dir` with one of the extensions, depth first, sorted (so reading is stable). */
function filesUnder(dir: string, extensions: string[]): string[] {
  const found: string[] = []
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) found.push(...filesUnder(path, extensions))
    else if (extensions.some((ext) => name.endsWith(ext))) found.push(path)
  }
  return found
}

/** A folder given on the command line that must exist and be a directory; a usage error (exit 2) otherwise. */
export function requireFolder(dir: string): void {
  if (!existsSync(dir)) throw usage(`${dir}: no such transcript folder`)
  if (!statSync(dir).isDirectory()) throw usage(`${dir}: not a folder (give the folder a run recorded with --record DIR, or a folder of .io files)`)
}

/**
 * Reads every transcript file of a folder: `.io` (JSON-RPC, ours or execution-apis fixtures) and
 * `.rest` (REST), each parsed whole. A line that does not parse is a usage error naming the file
 * (relative to the folder) and the line.
 */
export function readTranscriptFiles(dir: string): TranscriptFile[] {
  requireFolder(dir)
  return filesUnder(dir, ['.io', '.rest']).map((path) => {
    const shown = relative(process.cwd(), path) || path
    const text = readFileSync(path, 'utf8')
    const parsed = path.endsWith('.rest') ? parseRest(shown, text) : parseIo(shown, text)
    return { path: shown, ...parsed }
  })
}
