import fc from 'fast-check'
import { fromSchema } from '../harness/generate/fromSchema.js'
import { deriveSeed } from '../harness/generate/seededRun.js'
import { defineSuite } from '../harness/run/registry.js'
import { sideBySide } from '../harness/run/sideBySide.js'
import type { RunContext } from '../harness/run/runContext.js'
import type { Exchange } from '../harness/transport/exchange.js'
import { checkRestShape } from '../harness/requirements/REST-SHAPE.js'
import {
  checkMethodRefused,
  checkNotFound,
  checkQueryAnswer,
  MIN_QUERY_SAMPLES,
  queryText,
  REFUSED_METHODS,
  UNKNOWN_PATHS,
} from '../harness/requirements/REST-ERRORS.js'
import { checkRestSums } from '../harness/requirements/REST-CONSISTENT.js'
import { statesSums } from '../harness/checks/restConsistency.js'

const get = (context: RunContext, path: string, query?: Record<string, string>): Promise<Exchange> =>
  context.rest!.request(path, query === undefined ? {} : { query })

export default defineSuite('rest', (check, { openapi }) => {
  const gets = openapi.operations.filter((op) => op.method === 'get')

  for (const operation of gets) {
    check(
      { id: `rest.${operation.path}.shape`, requirement: 'REST-SHAPE', title: `GET ${operation.path}: 200, JSON content type, body valid against its schema` },
      { rest: true },
      async (probe, context) => probe.add(checkRestShape(await get(context, operation.path), operation.responses['200']?.validate, `GET ${operation.path}`)),
    )
    const queryParams = operation.parameters.filter((p) => p.in === 'query')
    if (queryParams.length > 0) {
      check(
        {
          id: `rest.${operation.path}.params`,
          requirement: 'REST-ERRORS',
          title: `GET ${operation.path}: generated parameters the spec allows never give a 5xx; invalid ones a 4xx`,
        },
        { rest: true },
        async (probe, context) => {
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
          const answers = await sideBySide(queries, context.config.concurrency, ({ strings }) => get(context, operation.path, strings))
          for (const [i, answer] of answers.entries())
            probe.add(checkQueryAnswer(answer, operation.path, queries[i]!.strings, queries[i]!.mode, context.config.seed))
        },
      )
    }
    // Only a body whose schema states totals has sums to add up: elsewhere the check could never fail.
    if (statesSums(operation.responses['200']?.schema))
      check(
        {
          id: `rest.${operation.path}.consistent`,
          requirement: 'REST-CONSISTENT',
          title: `GET ${operation.path}: totals equal the sum of their parts; percentages sum to 100`,
        },
        { rest: true },
        async (probe, context) => probe.add(checkRestSums(await get(context, operation.path), operation.path)),
      )
  }

  // REST-ERRORS: unknown paths and other methods are refused; never a 5xx
  check({ id: 'rest.errors.unknown-path', requirement: 'REST-ERRORS', title: 'an unknown path is a 404' }, { rest: true }, async (probe, context) => {
    const answers = await sideBySide(UNKNOWN_PATHS, context.config.concurrency, (path) => get(context, path))
    for (const [i, answer] of answers.entries()) probe.add(checkNotFound(answer, UNKNOWN_PATHS[i]!))
  })
  check(
    { id: 'rest.errors.methods', requirement: 'REST-ERRORS', title: 'POST, PUT, PATCH and DELETE on every path are refused (405), never a 5xx' },
    { rest: true },
    async (probe, context) => {
      const calls = gets.flatMap((operation) => REFUSED_METHODS.map((method) => ({ path: operation.path, method })))
      const answers = await sideBySide(calls, context.config.concurrency, ({ path, method }) => context.rest!.request(path, { method }))
      for (const [i, answer] of answers.entries()) probe.add(checkMethodRefused(answer, calls[i]!.method, calls[i]!.path))
    },
  )
})
