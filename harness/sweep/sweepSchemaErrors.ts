import { readFileSync } from 'node:fs'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'

// ajv-formats is CommonJS: its plugin is the module's `default` under every loader we run on.
const addFormats = addFormatsModule.default

/** Where the JSON Schema of a sweep's report.json is, beside its code. */
export const SWEEP_SCHEMA_URL = new URL('./sweepReport.schema.json', import.meta.url)

let validate: ValidateFunction | undefined

/** What is wrong with a sweep's report.json against its schema, one line per problem; empty when it conforms. */
export function sweepSchemaErrors(report: unknown): string[] {
  if (validate === undefined) {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true })
    addFormats(ajv)
    validate = ajv.compile(JSON.parse(readFileSync(SWEEP_SCHEMA_URL, 'utf8')) as object)
  }
  if (validate(report)) return []
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`)
}
