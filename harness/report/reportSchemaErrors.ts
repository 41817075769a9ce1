import { readFileSync } from 'node:fs'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'

// ajv-formats is CommonJS: its plugin is the module's `default` under every loader we run on.
const addFormats = addFormatsModule.default

/** Where the JSON Schema of report.json ships in the package. */
export const REPORT_SCHEMA_URL = new URL('./report.schema.json', import.meta.url)

/**
 * A function listing what is wrong with a value against the JSON Schema at `url` (compiled when first
 * used, once), one line per problem; empty when it conforms.
 */
export function schemaErrorsAgainst(url: URL): (value: unknown) => string[] {
  let validate: ValidateFunction | undefined
  return (value) => {
    if (validate === undefined) {
      const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true })
      addFormats(ajv)
      validate = ajv.compile(JSON.parse(readFileSync(url, 'utf8')) as object)
    }
    if (validate(value)) return []
    return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`)
  }
}

/**
 * What is wrong with a report.json value against the shipped schema (report.schema.json, the report
 * format), one line per problem; empty when it conforms. CI tools can validate with the same file.
 */
export const reportSchemaErrors: (report: unknown) => string[] = schemaErrorsAgainst(REPORT_SCHEMA_URL)
