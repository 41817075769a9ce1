import fc from 'fast-check'
import { fromSchema } from '../generate/fromSchema.js'
import { deriveSeed } from '../generate/seededRun.js'
import type { OpenApiSpec } from '../spec/loadOpenApi.js'
import type { DiffCase } from './diffCase.js'

/** A generated value as query-string text: strings as they are, arrays comma-joined, anything else as JSON. */
function queryText(value: unknown): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(queryText).join(',')
  return JSON.stringify(value) ?? ''
}

/**
 * The REST requests of a diff (interface spec 4.4): a GET of every path of openapi.yaml that needs no
 * path parameter, then, for paths with query parameters, each parameter's schema example and `runs`
 * valid and `runs` invalid generated queries (fromSchema, seeded per path from `seed`), so both
 * targets are compared on answers and on refusals (HTTP status and body).
 */
export function restCases(openapi: OpenApiSpec, options: { seed: number; runs: number; selected: (path: string) => boolean }): DiffCase[] {
  const components = (openapi.document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}
  const cases: DiffCase[] = []
  for (const op of openapi.operations) {
    if (op.method !== 'get' || op.path.includes('{') || !options.selected(op.path)) continue
    const add = (source: DiffCase['source'], label: string, query?: Record<string, string>): void => {
      cases.push({ transport: 'rest', method: op.path, params: [], source, label, ...(query === undefined ? {} : { query }) })
    }
    add('rest', `GET ${op.path}`)
    const queryParams = op.parameters.filter((p) => p.in === 'query')
    for (const p of queryParams) {
      const example = (p.schema as { example?: unknown }).example
      if (example !== undefined) add('example', `${p.name} = its schema example`, { [p.name]: queryText(example) })
    }
    if (queryParams.length === 0) continue
    for (const mode of ['valid', 'invalid'] as const) {
      const arbitrary = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, fromSchema(p.schema, { mode, components })])), { requiredKeys: [] })
      const samples = fc.sample(arbitrary, { seed: deriveSeed(options.seed, `diff.rest.${op.path}.${mode}`), numRuns: options.runs })
      samples.forEach((query, i) => {
        const strings = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, queryText(v)]))
        add(mode === 'valid' ? 'generated-valid' : 'generated-invalid', `${mode} query #${i + 1}`, strings)
      })
    }
  }
  return cases
}
