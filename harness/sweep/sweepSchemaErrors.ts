import { schemaErrorsAgainst } from '../report/reportSchemaErrors.js'

/** Where the JSON Schema of a sweep's report.json is, beside its code. */
export const SWEEP_SCHEMA_URL = new URL('./sweepReport.schema.json', import.meta.url)

/** What is wrong with a sweep's report.json against its schema, one line per problem; empty when it conforms. */
export const sweepSchemaErrors: (report: unknown) => string[] = schemaErrorsAgainst(SWEEP_SCHEMA_URL)
