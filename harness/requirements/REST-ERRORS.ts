import { URLSearchParams } from 'node:url'
import type { Finding } from '../checks/finding.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'
import fc from 'fast-check'
import { fromSchema } from '../generate/fromSchema.js'
import { deriveSeed } from '../generate/seededRun.js'
import type { CheckDefinition, DeclarationScope } from '../run/registry.js'
import { sideBySide } from '../run/sideBySide.js'
import { getOperations, restGet } from '../scenarios/restGet.js'

/** REST-ERRORS: the treasury API refuses what it does not serve, and never fails on what it allows. */
export const row = requirement({
  id: 'REST-ERRORS',
  level: 'SHOULD',
  text: 'unknown path 404; non-GET methods refused; no 5xx on any input the spec allows',
  section: '4.4 and 7',
})

/** Paths no treasury serves: at the root and beside the versioned paths. */
export const UNKNOWN_PATHS = ['/l2conf-no-such-path', '/v2/treasury/l2conf-no-such-path'] as const

/** The methods every path refuses (all paths are GET only). */
export const REFUSED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const

/** Generated query strings per path and mode: at least this many, else a quarter of --runs. */
export const MIN_QUERY_SAMPLES = 4

/** What went wrong with one answer, as the line a finding prints: the harness's failure, or the HTTP status. */
const answered = (exchange: Exchange): string => exchange.failure?.message ?? `HTTP ${exchange.httpStatus ?? '?'}`

/** An unknown path is a 404. */
export function checkNotFound(exchange: Exchange, path: string): Finding[] {
  if (exchange.httpStatus === 404) return []
  return [
    {
      kind: exchange.failure === undefined ? 'wrong-http-status' : 'no-answer',
      message: `GET ${path} answered ${answered(exchange)}, expected 404`,
      exchange,
      expected: 404,
      got: exchange.httpStatus,
    },
  ]
}

/** A method a path does not serve is refused 405 Method Not Allowed. */
export function checkMethodRefused(exchange: Exchange, method: string, path: string): Finding[] {
  if (exchange.httpStatus === 405) return []
  return [
    {
      kind: exchange.failure === undefined ? 'wrong-http-status' : 'no-answer',
      message: `${method} ${path} answered ${exchange.failure?.message ?? `HTTP ${exchange.httpStatus ?? 0}`}, expected 405 Method Not Allowed`,
      exchange,
      expected: 405,
      got: exchange.httpStatus,
    },
  ]
}

/**
 * A GET with generated query parameters: never a 5xx (nor no answer); with an invalid value, a 4xx.
 * `seed` is the run's, printed so the sample can be replayed.
 */
export function checkQueryAnswer(exchange: Exchange, path: string, query: Record<string, string>, mode: 'valid' | 'invalid', seed: number): Finding[] {
  const status = exchange.httpStatus ?? 0
  const at = `GET ${path}?${new URLSearchParams(query)}`
  if (exchange.failure !== undefined || status >= 500)
    return [
      {
        kind: exchange.failure === undefined ? 'wrong-http-status' : 'no-answer',
        message: `${at} answered ${exchange.failure?.message ?? `HTTP ${status}`} (seed ${seed})`,
        exchange,
        got: exchange.httpStatus,
      },
    ]
  if (mode === 'invalid' && (status < 400 || status >= 500))
    return [
      {
        kind: 'wrong-http-status',
        message: `${at} with an invalid value answered HTTP ${status}, expected 400 (seed ${seed})`,
        exchange,
        expected: 400,
        got: status,
      },
    ]
  return []
}

/** A generated value as query-string text: strings as they are, arrays comma-joined, anything else as JSON. */
export function queryText(value: unknown): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(queryText).join(',')
  return JSON.stringify(value) ?? ''
}

/** REST-ERRORS's checks: generated query parameters on each GET path that takes some; unknown paths and other methods are refused; never a 5xx. */
export function checks({ openapi }: DeclarationScope): CheckDefinition[] {
  const gets = getOperations(openapi)
  const params: CheckDefinition[] = gets.flatMap((operation) => {
    const queryParams = operation.parameters.filter((p) => p.in === 'query')
    if (queryParams.length === 0) return []
    return [
      {
        id: `rest.${operation.path}.params`,
        title: `GET ${operation.path}: generated parameters the spec allows never give a 5xx; invalid ones a 4xx`,
        needs: { rest: true },
        run: async (probe, context) => {
          const seed = deriveSeed(context.config.seed, `rest.${operation.path}.params`)
          const components = (openapi.document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}
          const queries: Array<{ mode: 'valid' | 'invalid'; strings: Record<string, string> }> = []
          for (const mode of ['valid', 'invalid'] as const) {
            const arbitrary = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, fromSchema(p.schema, { mode, components })])), { requiredKeys: [] })
            for (const query of fc.sample(arbitrary, { seed, numRuns: Math.max(MIN_QUERY_SAMPLES, Math.ceil(context.config.runs / 4)) })) {
              // A query string carries text only: each value as the text a client would send.
              const strings = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, queryText(v)]))
              if (mode === 'invalid' && !queryParams.some((p) => p.name in strings && p.validate(strings[p.name]).length > 0)) continue
              queries.push({ mode, strings })
            }
          }
          // Side by side: each answer is judged alone, in the order the queries were made.
          const answers = await sideBySide(queries, context.config.concurrency, ({ strings }) => restGet(context, operation.path, strings))
          for (const [i, answer] of answers.entries())
            probe.add(checkQueryAnswer(answer, operation.path, queries[i]!.strings, queries[i]!.mode, context.config.seed))
        },
      },
    ]
  })
  return [
    ...params,
    {
      id: 'rest.errors.unknown-path',
      title: 'an unknown path is a 404',
      needs: { rest: true },
      run: async (probe, context) => {
        const answers = await sideBySide(UNKNOWN_PATHS, context.config.concurrency, (path) => restGet(context, path))
        for (const [i, answer] of answers.entries()) probe.add(checkNotFound(answer, UNKNOWN_PATHS[i]!))
      },
    },
    {
      id: 'rest.errors.methods',
      title: 'POST, PUT, PATCH and DELETE on every path are refused (405), never a 5xx',
      needs: { rest: true },
      run: async (probe, context) => {
        const calls = gets.flatMap((operation) => REFUSED_METHODS.map((method) => ({ path: operation.path, method })))
        const answers = await sideBySide(calls, context.config.concurrency, ({ path, method }) => context.rest!.request(path, { method }))
        for (const [i, answer] of answers.entries()) probe.add(checkMethodRefused(answer, calls[i]!.method, calls[i]!.path))
      },
    },
  ]
}
