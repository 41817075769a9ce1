import { describe, expect, it } from 'vitest'
import { baseHeaderFields, forkHeaderFields } from './headerLayout.js'
import { unknownBlockFields } from './unknownBlockFields.js'

const block = Object.fromEntries([...baseHeaderFields, ...forkHeaderFields].map((f) => [f.name, '0x0']))

describe('unknownBlockFields()', () => {
  it('knows every header field of every layout and the body fields', () => {
    expect(unknownBlockFields({ ...block, hash: '0x0', size: '0x0', totalDifficulty: '0x0', transactions: [], uncles: [], withdrawals: [] })).toEqual([])
  })
  it('names what a node adds, sorted, ignoring null members', () => {
    expect(unknownBlockFields({ ...block, l1BlockNumber: '0x1', author: '0x2', sealFields: null })).toEqual(['author', 'l1BlockNumber'])
  })
  it('treats a __proto__ member as a field like any other', () => {
    expect(unknownBlockFields({ ...block, ...(JSON.parse('{"__proto__":"0x1"}') as object) })).toEqual(['__proto__'])
  })
})
