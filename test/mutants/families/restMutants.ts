import type { MutantDefinition, RestResponse } from '../mutant.js'
import { isObject } from '../rpcMessage.js'

type Json = Record<string, unknown>

function jsonOf(response: RestResponse): unknown {
  try {
    return JSON.parse(response.body.toString('utf8'))
  } catch {
    return undefined
  }
}

function withJson(response: RestResponse, value: unknown): RestResponse {
  return { ...response, body: Buffer.from(JSON.stringify(value)) }
}

/** Rewrites the JSON body of GET `path` answered 200. */
function rewriteBody(path: string, fn: (body: Json) => Json): MutantDefinition['create'] {
  return () => ({
    async rest(request, forward) {
      const response = await forward()
      if (request.method !== 'GET' || request.path !== path || response.status !== 200) return response
      const body = jsonOf(response)
      return isObject(body) ? withJson(response, fn(body)) : response
    },
  })
}

/** Broken variants of the treasury REST API (openapi.yaml): REST-SHAPE, REST-ERRORS, REST-CONSISTENT. */
export const restMutants: MutantDefinition[] = [
  {
    name: 'rest-field-renamed',
    requirement: 'REST-SHAPE',
    description: 'GET /token-data names totalSupply total_supply',
    create: rewriteBody('/token-data', (body) => {
      if (!isObject(body.results)) return body
      const { totalSupply, ...rest } = body.results
      return { ...body, results: { ...rest, total_supply: totalSupply } }
    }),
  },
  {
    name: 'rest-html-content-type',
    requirement: 'REST-SHAPE',
    description: 'GET /portfolio labels its JSON body text/html',
    create: () => ({
      async rest(request, forward) {
        const response = await forward()
        return request.path === '/portfolio' ? { ...response, headers: { ...response.headers, 'content-type': 'text/html; charset=utf-8' } } : response
      },
    }),
  },
  {
    name: 'rest-unknown-path-200',
    requirement: 'REST-ERRORS',
    description: 'an unknown path is answered 200 with an empty success body instead of 404 (a catch-all route)',
    create: () => ({
      async rest(_request, forward) {
        const response = await forward()
        return response.status === 404 ? withJson({ ...response, status: 200 }, { success: true, statusCode: 200 }) : response
      },
    }),
  },
  {
    name: 'rest-post-500',
    requirement: 'REST-ERRORS',
    description: 'POST, PUT, PATCH and DELETE crash the handler: 500 instead of 405',
    create: () => ({
      async rest(request, forward) {
        const response = await forward()
        if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return response
        return withJson(
          { status: 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.alloc(0) },
          { success: false, statusCode: 500, code: 'INTERNAL_ERROR', message: 'Cannot read properties of undefined' },
        )
      },
    }),
  },
  {
    name: 'rest-total-off-by-ten-percent',
    requirement: 'REST-CONSISTENT',
    description: "GET /v2/treasury/statistics states a total 10% above the sum of its tokens' values",
    create: rewriteBody('/v2/treasury/statistics', (body) => (typeof body.total === 'number' ? { ...body, total: body.total * 1.1 } : body)),
  },
]
