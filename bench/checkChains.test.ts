import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { ioExchangeLines, ioHeaderLine } from '../harness/transcript/ioFormat.js'
import { checkChains } from './checkChains.js'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A recorded exchange of 100 ms that started at `at` (a call, or a batch of `items` calls). */
function exchange(at: number, items = 1): string[] {
  const call = (id: number) => ({ jsonrpc: '2.0', method: 'eth_blockNumber', params: [], id })
  const request = items === 1 ? call(1) : Array.from({ length: items }, (_, i) => call(i + 1))
  return ioExchangeLines({ kind: 'exchange', transport: 'http', request, response: { jsonrpc: '2.0', id: 1, result: '0x1' }, durationMs: 100, at, line: 0 })
}

it('counts requests (a batch counts its items), round trips, and the longest run of round trips each waiting for the one before', () => {
  const dir = mkdtempSync(join(tmpdir(), 'l2conf-chains-'))
  dirs.push(dir)
  // Two side by side, then a batch of 5 after them, then one more: three round trips one after another.
  const chained = [ioHeaderLine({ check: 'a.chained' }), ...exchange(0), ...exchange(2), ...exchange(101, 5), ...exchange(205)]
  // Four side by side.
  const wide = [ioHeaderLine({ check: 'b.wide' }), ...exchange(0), ...exchange(1), ...exchange(2), ...exchange(3)]
  writeFileSync(join(dir, 'a.chained.io'), `${chained.join('\n')}\n`)
  writeFileSync(join(dir, 'b.wide.io'), `${wide.join('\n')}\n`)
  const byCheck = Object.fromEntries(checkChains(dir).map((c) => [c.check, c]))
  expect(byCheck['a.chained']).toEqual({ check: 'a.chained', roundTrips: 4, requests: 8, chain: 3, spanMs: 305 })
  expect(byCheck['b.wide']).toEqual({ check: 'b.wide', roundTrips: 4, requests: 4, chain: 1, spanMs: 103 })
})
