import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { corsFacts, FOREIGN_ORIGIN, originFact } from './EXPOSURE.headers.js'

/** An HTTP answer with these headers, as the transport records one. */
const answered = (httpStatus: number, headers: Record<string, string>): Exchange => ({
  transport: 'http',
  url: 'http://127.0.0.1:8545',
  request: '',
  httpStatus,
  headers,
  startedAt: 0,
  durationMs: 1,
})

describe("EXPOSURE's headers, reported as facts", () => {
  it("the reference's CORS: every origin, the methods and headers it allows", () => {
    // The reference's own preflight and POST headers (reference-impl/server/httpTransport.ts).
    const preflight = answered(204, {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
      'access-control-allow-headers': 'Content-Type, Authorization',
    })
    expect(corsFacts(preflight, answered(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' }))).toEqual([
      `CORS preflight (OPTIONS) from ${FOREIGN_ORIGIN}: HTTP 204, Access-Control-Allow-Origin: *: a page of any origin may call it from a visitor's browser; allows methods GET, HEAD, POST, OPTIONS, headers Content-Type, Authorization`,
      `a JSON-RPC POST from ${FOREIGN_ORIGIN}: HTTP 200, Access-Control-Allow-Origin: *: a page of any origin may call it from a visitor's browser`,
    ])
  })

  it("an echoed origin with credentials (Ganache's), an origin list without it, none at all, no answer", () => {
    const echoed = answered(200, { 'access-control-allow-origin': FOREIGN_ORIGIN, 'access-control-allow-credentials': 'true' })
    expect(corsFacts(echoed, echoed)[1]).toMatch(/echoes the foreign origin: a page of any origin may call it, with credentials/)
    const listed = answered(200, { 'access-control-allow-origin': 'https://app.example' })
    expect(corsFacts(listed, listed)[1]).toMatch(/https:\/\/app\.example \(the foreign origin is not among those allowed\)$/)
    expect(corsFacts(answered(405, {}), answered(200, {}))).toEqual([
      `CORS preflight (OPTIONS) from ${FOREIGN_ORIGIN}: HTTP 405, no Access-Control-Allow-Origin: a browser keeps the answer from a foreign page`,
      `a JSON-RPC POST from ${FOREIGN_ORIGIN}: HTTP 200, no Access-Control-Allow-Origin: a browser keeps the answer from a foreign page`,
    ])
    const silent: Exchange = { ...answered(0, {}), failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'late' } }
    delete silent.httpStatus
    delete silent.headers
    expect(corsFacts(silent, silent)[0]).toMatch(/: no answer \(L2CONF_ERR_TIMEOUT\), no Access-Control-Allow-Origin/)
  })

  it('the WebSocket upgrade from a foreign origin: accepted or refused, a fact either way', () => {
    expect(originFact({ opened: true })).toBe(
      `a WebSocket upgrade with Origin ${FOREIGN_ORIGIN} is accepted: a page of any origin may use it from a visitor's browser`,
    )
    expect(originFact({ opened: false, reason: 'HTTP 403' })).toBe(`a WebSocket upgrade with Origin ${FOREIGN_ORIGIN} is refused: HTTP 403`)
  })
})
