import { describe, expect, it } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import type { RecordedExchange } from './recordedExchange.js'
import { parseRest, restExchangeLines } from './restFormat.js'

const tokens: RecordedExchange = {
  kind: 'exchange',
  transport: 'http',
  protocol: 'rest',
  request: { method: 'GET', path: '/api/v2/treasury/tokens?limit=2', headers: { accept: 'text/html' } },
  httpStatus: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  response: { tokens: [] },
  durationMs: 2,
  responseBytes: 13,
  line: 0,
}

describe('the .rest transcript format', () => {
  it('writes request line, probe headers, status, kept headers and body, and reads them back', () => {
    const lines = restExchangeLines(tokens)
    expect(lines.slice(1)).toEqual([
      '>> GET /api/v2/treasury/tokens?limit=2',
      '>> accept: text/html',
      '<< 200',
      '<< content-type: application/json; charset=utf-8',
      '<<',
      '<< {"tokens":[]}',
    ])
    expect(parseRest('t.rest', lines.join('\n')).entries).toEqual([{ ...tokens, line: 1 }])
  })

  it('keeps a body that is not JSON as text, and a request with no answer as a failure', () => {
    const text: RecordedExchange = {
      ...tokens,
      request: { method: 'DELETE', path: '/api/x', headers: {} },
      httpStatus: 405,
      headers: { allow: 'GET' },
      rawResponse: 'Method Not Allowed\n',
      response: undefined,
    }
    delete text.response
    const timeout: RecordedExchange = {
      kind: 'exchange',
      transport: 'http',
      protocol: 'rest',
      request: { method: 'GET', path: '/api/slow', headers: {} },
      failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer' },
      durationMs: 10_000,
      line: 0,
    }
    const parsed = parseRest('t.rest', [...restExchangeLines(text), ...restExchangeLines(timeout)].join('\n'))
    expect(parsed.entries).toEqual([
      { ...text, line: 1 },
      { ...timeout, line: 7 },
    ])
  })

  it('refuses a line out of place, naming the file and line', () => {
    const message = (text: string): string => {
      try {
        parseRest('t.rest', text)
      } catch (error) {
        if (isHarnessError(error)) return error.message
      }
      return 'no error'
    }
    expect(message('>> GET /api/x\n<< OK')).toBe('t.rest:2: expected an HTTP status such as "<< 200", got "<< OK"')
    expect(message('<< 200')).toBe('t.rest:1: a "<<" line with no ">>" request before it')
    expect(message('>> GET /api/x\n<< 200\n<<\n<< {"a":')).toMatch(/^t\.rest:4: the body is not JSON/)
    expect(message('>> FETCH api')).toMatch(/^t\.rest:1: expected a request line/)
  })
})
