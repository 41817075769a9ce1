import fc from 'fast-check'
import { describe } from 'vitest'
import { fromSchema } from '../harness/generate/fromSchema.js'
import { deriveSeed } from '../harness/generate/seededRun.js'
import type { Probe } from '../harness/run/certify.js'
import { check } from '../harness/run/check.js'
import { runContext, type RunContext } from '../harness/run/runContext.js'
import type { OperationSpec } from '../harness/spec/loadOpenApi.js'
import type { Exchange } from '../harness/transport/exchange.js'
import { restConsistencyProblems } from '../harness/checks/restConsistency.js'

const { openapi } = await runContext()
const gets = openapi.operations.filter((op) => op.method === 'get')

/** REST-SHAPE for one exchange: 200, a JSON content type, and a body valid against the 200 response schema. */
function checkShape(probe: Probe, exchange: Exchange, operation: OperationSpec, what: string): void {
  if (exchange.failure !== undefined) return probe.fail(`${what}: no answer: ${exchange.failure.message}`, exchange)
  if (exchange.httpStatus !== 200) return probe.fail(`${what} answered HTTP ${exchange.httpStatus ?? '?'}, expected 200`, exchange)
  const type = exchange.headers?.['content-type'] ?? ''
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) probe.fail(`${what}: content type ${JSON.stringify(type)}, expected JSON`, exchange)
  const response = operation.responses['200']
  if (response?.validate === undefined) return probe.fail(`openapi.yaml gives ${operation.path} no 200 response schema`)
  if (exchange.response === undefined) return probe.fail(`${what}: the body is not JSON: ${(exchange.rawResponse ?? '').slice(0, 100)}`, exchange)
  for (const issue of response.validate(exchange.response).slice(0, 5)) probe.fail(`${what}: body${issue.pointer} ${issue.message}`, exchange, issue.pointer)
}

/** A generated value as query-string text: strings as they are, arrays comma-joined, anything else as JSON. */
function queryText(value: unknown): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(queryText).join(',')
  return JSON.stringify(value) ?? ''
}

const get = (context: RunContext, path: string, query?: Record<string, string>): Promise<Exchange> =>
  context.rest!.request(path, query === undefined ? {} : { query })

for (const operation of gets) {
  describe(`GET ${operation.path}`, () => {
    check(
      { id: `rest.${operation.path}.shape`, requirement: 'REST-SHAPE', title: `GET ${operation.path}: 200, JSON content type, body valid against its schema` },
      { rest: true },
      async (probe, context) => checkShape(probe, await get(context, operation.path), operation, `GET ${operation.path}`),
    )
    const queryParams = operation.parameters.filter((p) => p.in === 'query')
    if (queryParams.length > 0) {
      check(
        { id: `rest.${operation.path}.params`, requirement: 'REST-ERRORS', title: `GET ${operation.path}: generated parameters the spec allows never give a 5xx; invalid ones a 4xx` },
        { rest: true },
        async (probe, context) => {
          const seed = deriveSeed(context.config.seed, `rest.${operation.path}.params`)
          const components = ((openapi.document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas) ?? {}
          for (const mode of ['valid', 'invalid'] as const) {
            const arbitrary = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, fromSchema(p.schema, { mode, components })])), { requiredKeys: [] })
            for (const query of fc.sample(arbitrary, { seed, numRuns: Math.max(4, Math.ceil(context.config.runs / 4)) })) {
              // A query string carries text only: each value as the text a client would send.
              const strings = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, queryText(v)]))
              if (mode === 'invalid' && !queryParams.some((p) => p.name in strings && p.validate(strings[p.name]).length > 0)) continue
              const exchange = await get(context, operation.path, strings)
              const status = exchange.httpStatus ?? 0
              if (exchange.failure !== undefined || status >= 500) probe.fail(`GET ${operation.path}?${new URLSearchParams(strings)} answered ${exchange.failure?.message ?? `HTTP ${status}`} (seed ${context.config.seed})`, exchange)
              else if (mode === 'invalid' && (status < 400 || status >= 500)) probe.fail(`GET ${operation.path}?${new URLSearchParams(strings)} with an invalid value answered HTTP ${status}, expected 400 (seed ${context.config.seed})`, exchange)
            }
          }
        },
      )
    }
    check(
      { id: `rest.${operation.path}.consistent`, requirement: 'REST-CONSISTENT', title: `GET ${operation.path}: totals equal the sum of their parts; percentages sum to 100` },
      { rest: true },
      async (probe, context) => {
        const exchange = await get(context, operation.path)
        if (exchange.httpStatus !== 200 || exchange.response === undefined) return probe.inconclusive(`GET ${operation.path} did not answer a JSON 200`)
        for (const problem of restConsistencyProblems(exchange.response)) probe.fail(`GET ${operation.path}: ${problem.message}`, exchange, problem.pointer)
      },
    )
  })
}

describe('REST-ERRORS: unknown paths and other methods are refused; never a 5xx', () => {
  check(
    { id: 'rest.errors.unknown-path', requirement: 'REST-ERRORS', title: 'an unknown path is a 404' },
    { rest: true },
    async (probe, context) => {
      for (const path of ['/l2conf-no-such-path', '/v2/treasury/l2conf-no-such-path']) {
        const exchange = await get(context, path)
        if (exchange.httpStatus !== 404) probe.fail(`GET ${path} answered ${exchange.failure?.message ?? `HTTP ${exchange.httpStatus ?? '?'}`}, expected 404`, exchange)
      }
    },
  )
  check(
    { id: 'rest.errors.methods', requirement: 'REST-ERRORS', title: 'POST, PUT, PATCH and DELETE on every path are refused (405), never a 5xx' },
    { rest: true },
    async (probe, context) => {
      for (const operation of gets) {
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
          const exchange = await context.rest!.request(operation.path, { method })
          const status = exchange.httpStatus ?? 0
          if (status !== 405) probe.fail(`${method} ${operation.path} answered ${exchange.failure?.message ?? `HTTP ${status}`}, expected 405 Method Not Allowed`, exchange)
        }
      }
    },
  )
})
