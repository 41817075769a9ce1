import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import { HarnessError } from '../errors/harnessError.js'
import { storedYamlValue, storeYamlValue } from './parsedYamlStore.js'

/** A spec file as read from disk: its bytes' hash and its parsed value. */
export interface SpecFile {
  file: string
  /** sha256 of the file's bytes, lower-case hex. */
  sha256: string
  /** How the text was parsed: `.json` files as JSON; `.yaml`/`.yml` as YAML; others JSON, else YAML. */
  format: 'json' | 'yaml'
  value: unknown
}

/**
 * Reads and parses one spec file. Throws HarnessError L2CONF_ERR_SPEC (details: file, pointer '')
 * with a message that names the file and the reason: unreadable, not JSON, not YAML (with the
 * line), or not an object at the top.
 */
export async function readSpecFile(file: string): Promise<SpecFile> {
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : String((error as Error).message)
    throw new HarnessError('L2CONF_ERR_SPEC', `${file}: cannot read the file: ${reason}`, { file, pointer: '' }, { cause: error })
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  const extension = extname(file).toLowerCase()
  let value: unknown
  let format: SpecFile['format']
  if (extension === '.json') {
    format = 'json'
    value = parseJson(file, text)
  } else if (extension === '.yaml' || extension === '.yml') {
    format = 'yaml'
    value = await parseYamlCached(file, text, sha256)
  } else {
    try {
      value = JSON.parse(text)
      format = 'json'
    } catch {
      value = await parseYamlCached(file, text, sha256)
      format = 'yaml'
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HarnessError('L2CONF_ERR_SPEC', `${file}: not a spec document (the top level must be an object)`, { file, pointer: '' })
  }
  return { file, sha256, format, value }
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new HarnessError('L2CONF_ERR_SPEC', `${file}: not valid JSON: ${(error as Error).message}`, { file, pointer: '' }, { cause: error })
  }
}

/**
 * YAML texts parsed in this process, by their hash: a run reads openapi.yaml more than once (the
 * suites' spec, SPEC-VALID's lint), and parsing YAML costs some 100 ms where JSON.parse costs one.
 * Each reader gets a copy of its own, since readers may change what they get. Past this process,
 * parsedYamlStore keeps them on disk by the same hash (the CLI's parse serves the suites' worker).
 */
const parsedYaml = new Map<string, unknown>()
const PARSED_YAML_KEPT = 8

async function parseYamlCached(file: string, text: string, sha256: string): Promise<unknown> {
  const known = parsedYaml.get(sha256)
  if (known !== undefined) return structuredClone(known)
  let value = storedYamlValue(sha256)
  if (value === undefined) {
    value = await parseYamlText(file, text)
    storeYamlValue(sha256, value)
  }
  if (parsedYaml.size >= PARSED_YAML_KEPT) parsedYaml.delete(parsedYaml.keys().next().value!)
  parsedYaml.set(sha256, structuredClone(value))
  return value
}

/** Parses a YAML text; the parser is loaded only here, since a stored parse usually spares it. */
async function parseYamlText(file: string, text: string): Promise<unknown> {
  const { parse: parseYaml, YAMLParseError } = await import('yaml')
  try {
    return parseYaml(text, { prettyErrors: true })
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const where = error.linePos?.[0]
      const firstLine = error.message.split('\n')[0] ?? error.message
      const position = where ? ` (line ${where.line}, column ${where.col})` : ''
      throw new HarnessError(
        'L2CONF_ERR_SPEC',
        `${file}: not valid YAML${position}: ${firstLine.replace(/ at line \d+, column \d+:?$/, '')}`,
        { file, pointer: '' },
        { cause: error },
      )
    }
    throw new HarnessError('L2CONF_ERR_SPEC', `${file}: not valid YAML: ${(error as Error).message}`, { file, pointer: '' }, { cause: error })
  }
}
