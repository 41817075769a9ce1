import type { Finding } from '../checks/finding.js'
import { restConsistencyProblems } from '../checks/restConsistency.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'
import { statesSums } from '../checks/restConsistency.js'
import type { CheckDefinition, DeclarationScope } from '../run/registry.js'
import { getOperations, restGet } from '../scenarios/restGet.js'

/** REST-CONSISTENT: the sums a treasury body states add up. */
export const row = requirement({
  id: 'REST-CONSISTENT',
  level: 'SHOULD',
  text: 'totals equal the sum of their parts; percentages sum to 100',
  section: '2.4',
})

/**
 * The totals of a treasury body equal the sum of their parts; inconclusive when the path did not
 * answer a JSON 200, or answered a body without the totals its schema states (nothing was added up).
 */
export function checkRestSums(exchange: Exchange, path: string): Finding[] {
  if (exchange.httpStatus !== 200 || exchange.response === undefined) return [{ kind: 'inconclusive', message: `GET ${path} did not answer a JSON 200` }]
  const problems = restConsistencyProblems(exchange.response)
  if (problems === null) return [{ kind: 'inconclusive', message: `GET ${path} answered a body without the totals its schema states: nothing was added up` }]
  return problems.map((problem) => ({ kind: 'wrong-value', message: `GET ${path}: ${problem.message}`, exchange, pointer: problem.pointer }))
}

/** REST-CONSISTENT's checks: one per GET path whose body's schema states totals (elsewhere the check could never fail). */
export function checks({ openapi }: DeclarationScope): CheckDefinition[] {
  return getOperations(openapi)
    .filter((operation) => statesSums(operation.responses['200']?.schema))
    .map((operation) => ({
      id: `rest.${operation.path}.consistent`,
      title: `GET ${operation.path}: totals equal the sum of their parts; percentages sum to 100`,
      needs: { rest: true },
      run: async (probe, context) => probe.add(checkRestSums(await restGet(context, operation.path), operation.path)),
    }))
}
