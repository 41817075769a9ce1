import { createRequire } from 'node:module'
import type { Ajv } from 'ajv'

const require = createRequire(import.meta.url)
let library: { Ajv: typeof Ajv; addFormats: typeof import('ajv-formats').default } | undefined

/**
 * ajv and ajv-formats (both CommonJS), loaded when the first instance is made: a process that loads
 * the specs but compiles none of their schemas (the CLI, for spec bytes that compiled before:
 * compiledSpecStore) never loads them, some 0.1 s of its start.
 */
function ajvLibrary(): NonNullable<typeof library> {
  library ??= {
    Ajv: (require('ajv') as typeof import('ajv')).Ajv,
    addFormats: (require('ajv-formats') as { default: typeof import('ajv-formats').default }).default,
  }
  return library
}

/**
 * The ajv instance the spec validators are compiled with: JSON Schema draft-07 (what OpenRPC 1.3
 * schemas are; OpenAPI 3.0 schemas are converted to it first), every error reported (lint lists
 * all problems), formats checked, unknown keywords tolerated (specs carry `x-` extensions and
 * annotations ajv does not know). `allErrors: false` gives the fail-fast instance that judges values
 * too large to list every problem of.
 */
export function createSpecAjv(options: { allErrors?: boolean } = {}): Ajv {
  // verbose: errors carry the schema object they come from, which tells alternatives apart.
  // No code optimisation pass: it costs more at load (every test worker loads the specs) than it
  // saves on the few hundred validations of a run.
  const { Ajv, addFormats } = ajvLibrary()
  const ajv = new Ajv({ allErrors: options.allErrors ?? true, verbose: true, strict: false, validateSchema: false, code: { optimize: false } })
  addFormats(ajv)
  return ajv
}
