import type { RunContext } from '../run/runContext.js'
import type { OpenApiSpec } from '../spec/loadOpenApi.js'
import type { Exchange } from '../transport/exchange.js'

/** The GET operations of openapi.yaml: the paths the REST-* requirements judge (the spec is data). */
export function getOperations(openapi: OpenApiSpec): OpenApiSpec['operations'] {
  return openapi.operations.filter((operation) => operation.method === 'get')
}

/** GET `path` (with `query`, when given) on the run's REST address. */
export function restGet(context: RunContext, path: string, query?: Record<string, string>): Promise<Exchange> {
  return context.rest!.request(path, query === undefined ? {} : { query })
}
