import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'

// ajv-formats is CommonJS: its plugin is the module's `default` under every loader we run on.
const addFormats = addFormatsModule.default

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
  const ajv = new Ajv({ allErrors: options.allErrors ?? true, verbose: true, strict: false, validateSchema: false, code: { optimize: false } })
  addFormats(ajv)
  return ajv
}
