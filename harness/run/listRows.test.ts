import { describe, expect, it } from 'vitest'
import type { ListedCheck } from './listRows.js'
import { formatList, listRows } from './listRows.js'

const checks: ListedCheck[] = [
  { id: 'rest.shape.stats', requirement: 'REST-SHAPE', level: 'MUST', title: 'stats shape', needs: { rest: true } },
  { id: 'subscribe.newHeads', requirement: 'RPC-SUBSCRIBE', level: 'MUST', title: 'newHeads', needs: { ws: true } },
  { id: 'sendraw.mined', requirement: 'SENDRAW', level: 'MUST', title: 'mined', needs: { full: true } },
  { id: 'spec.openrpc', requirement: 'SPEC-VALID', level: 'MUST', title: 'spec', needs: { rpc: false } },
]

describe('l2conf run --list rows', () => {
  it("name each check's transports and needs, in the report's order, with why the selection leaves it out", () => {
    const rows = listRows(checks, { only: ['RPC-*', 'SENDRAW'], skip: [] })
    expect(rows.map((r) => [r.id, r.selected, r.transports, r.needs])).toEqual([
      ['spec.openrpc', false, [], []],
      ['subscribe.newHeads', true, ['ws'], ['--rpc', '--ws']],
      ['sendraw.mined', true, ['http'], ['--rpc', '--profile full']],
      ['rest.shape.stats', false, ['rest'], ['--rest']],
    ])
    expect(rows[0]!.reason).toBe('not selected by --only RPC-*, SENDRAW')
  })
  it('print as tab-separated lines (the selection in the fourth column) or one JSON array', () => {
    const rows = listRows(checks, { only: [], skip: ['SENDRAW'] })
    const lines = formatList(rows, 'text')
      .trim()
      .split('\n')
      .map((line) => line.split('\t'))
    expect(lines[1]).toEqual(['subscribe.newHeads', 'RPC-SUBSCRIBE', 'MUST', 'selected', 'ws', '--rpc,--ws', 'newHeads'])
    expect(lines[2]![3]).toBe('skipped by --skip SENDRAW')
    expect(JSON.parse(formatList(rows, 'json'))).toEqual(rows)
  })
})
