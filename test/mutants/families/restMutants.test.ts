import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { restMutants } from './restMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(restMutants)
})
afterAll(async () => {
  await fixture?.close()
})

test('rest-field-renamed: results.totalSupply is named total_supply', async () => {
  const answer = await fixture.rest('rest-field-renamed', '/token-data')
  expect(answer.json).toMatchObject({ results: { total_supply: '1000', circulatingSupply: '900' } })
  expect((answer.json as { results: object }).results).not.toHaveProperty('totalSupply')
})

test('rest-html-content-type: /portfolio is labelled text/html, other paths JSON', async () => {
  expect((await fixture.rest('rest-html-content-type', '/portfolio')).headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect((await fixture.rest('rest-html-content-type', '/token-data')).headers.get('content-type')).toBe('application/json; charset=utf-8')
})

test('rest-unknown-path-200: an unknown path answers 200; known paths unchanged', async () => {
  expect((await fixture.rest('rest-unknown-path-200', '/nowhere')).status).toBe(200)
  expect((await fixture.rest('rest-unknown-path-200', '/portfolio')).json).toMatchObject({ value: { totalValueInUSD: 100 } })
})

test('rest-post-500: POST and DELETE are 500, GET still 200', async () => {
  expect((await fixture.rest('rest-post-500', '/portfolio', { method: 'POST', body: '{}' })).status).toBe(500)
  expect((await fixture.rest('rest-post-500', '/portfolio', { method: 'DELETE' })).status).toBe(500)
  expect((await fixture.rest('rest-post-500', '/portfolio')).status).toBe(200)
})

test('rest-total-off-by-ten-percent: the statistics total is 10% high, the tokens unchanged', async () => {
  const answer = (await fixture.rest('rest-total-off-by-ten-percent', '/v2/treasury/statistics')).json as { total: number; tokens: Array<{ value: number }> }
  expect(answer.total).toBeCloseTo(55)
  expect(answer.tokens[0]!.value).toBe(50)
})
