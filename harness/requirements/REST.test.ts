import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkRestShape } from './REST-SHAPE.js'
import { checkMethodRefused, checkNotFound, checkQueryAnswer, queryText } from './REST-ERRORS.js'
import { checkRestSums } from './REST-CONSISTENT.js'
import type { Exchange } from '../transport/exchange.js'
import type { Validate } from '../spec/validationIssue.js'

/** GET /v2/treasury/statistics as the reference answered it (recorded in rest-statistics.json). */
const statistics = (): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL('./fixtures/rest-statistics.json', import.meta.url), 'utf8')) as Record<string, unknown>
const PATH = '/v2/treasury/statistics'
const rest = (extra: Partial<Exchange> = {}): Exchange => ({
  transport: 'http',
  protocol: 'rest',
  url: `http://127.0.0.1:3000/api${PATH}`,
  request: { method: 'GET', url: `http://127.0.0.1:3000/api${PATH}`, headers: {} },
  httpStatus: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  response: statistics(),
  startedAt: 0,
  durationMs: 1,
  ...extra,
})
/** The part of the statistics schema these tests lean on: a numeric total. */
const validate: Validate = (body) => (typeof (body as { total?: unknown }).total === 'number' ? [] : [{ pointer: '/total', message: 'must be number' }])

describe('REST judges, on answers of the reference', () => {
  it('pass the reference: shape, sums, refusals', () => {
    expect(checkRestShape(rest(), validate, `GET ${PATH}`)).toEqual([])
    expect(checkRestSums(rest(), PATH)).toEqual([])
    expect(checkNotFound(rest({ httpStatus: 404 }), '/l2conf-no-such-path')).toEqual([])
    expect(checkMethodRefused(rest({ httpStatus: 405 }), 'POST', PATH)).toEqual([])
    expect(checkQueryAnswer(rest({ httpStatus: 400 }), PATH, { limit: 'x' }, 'invalid', 1)).toEqual([])
  })

  it('REST-SHAPE: wrong-http-status, wrong-content-type, schema-violation, no-answer, spec-problem', () => {
    expect(checkRestShape(rest({ httpStatus: 500 }), validate, 'GET').map((f) => f.kind)).toEqual(['wrong-http-status'])
    expect(checkRestShape(rest({ headers: { 'content-type': 'text/html' } }), validate, 'GET').map((f) => f.kind)).toEqual(['wrong-content-type'])
    expect(checkRestShape(rest({ response: { ...statistics(), total: '2463010922.73' } }), validate, 'GET').map((f) => [f.kind, f.pointer])).toEqual([
      ['schema-violation', '/total'],
    ])
    expect(checkRestShape(rest({ response: undefined, rawResponse: '<html>' }), validate, 'GET').map((f) => f.kind)).toEqual(['no-answer'])
    expect(checkRestShape(rest(), undefined, 'GET').map((f) => f.kind)).toEqual(['spec-problem'])
    // An answer that came but was refused unread says so, with its status; a request with no answer says that.
    const refused = rest({
      response: undefined,
      failure: { code: 'L2CONF_ERR_BAD_RESPONSE', message: 'the response has an object of more than 1,000 members (MAX_OBJECT_MEMBERS); it was not parsed' },
    })
    expect(checkRestShape(refused, validate, 'GET /x')[0]?.message).toBe(
      'GET /x: HTTP 200, body refused: the response has an object of more than 1,000 members (MAX_OBJECT_MEMBERS); it was not parsed',
    )
    const { httpStatus: _status, response: _response, ...sent } = rest()
    const unanswered: Exchange = { ...sent, failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no response headers within 5000 ms' } }
    expect(checkRestShape(unanswered, validate, 'GET /x')[0]?.message).toBe('GET /x: no answer: no response headers within 5000 ms')
  })

  it('REST-ERRORS: wrong-http-status for a 200 on an unknown path, a 500 on POST, a 2xx for an invalid value', () => {
    expect(checkNotFound(rest(), '/l2conf-no-such-path')[0]).toMatchObject({ kind: 'wrong-http-status', expected: 404, got: 200 })
    expect(checkMethodRefused(rest({ httpStatus: 500 }), 'POST', PATH)[0]).toMatchObject({ kind: 'wrong-http-status', expected: 405 })
    expect(checkQueryAnswer(rest(), PATH, { limit: 'x' }, 'invalid', 1).map((f) => f.kind)).toEqual(['wrong-http-status'])
    expect(checkQueryAnswer(rest({ httpStatus: 503 }), PATH, {}, 'valid', 1).map((f) => f.kind)).toEqual(['wrong-http-status'])
    expect(queryText(['a', 1])).toBe('a,1')
  })

  it('REST-CONSISTENT: wrong-value for a total off by ten percent; inconclusive without a JSON 200 or without totals', () => {
    const body = statistics()
    body.total = (body.total as number) * 1.1
    expect(checkRestSums(rest({ response: body }), PATH).map((f) => f.kind)).toEqual(['wrong-value'])
    expect(checkRestSums(rest({ httpStatus: 500 }), PATH).map((f) => f.kind)).toEqual(['inconclusive'])
    // A JSON 200 without the totals (a body of a million keys, say): nothing was added up, so no pass.
    expect(checkRestSums(rest({ response: { k0: 0, k1: 1 } }), PATH)).toEqual([
      { kind: 'inconclusive', message: `GET ${PATH} answered a body without the totals its schema states: nothing was added up` },
    ])
  })
})
