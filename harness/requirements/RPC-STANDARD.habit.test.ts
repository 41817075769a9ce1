import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../cli/packageInfo.js'
import { loadOpenRpc, type MethodSpec } from '../spec/loadOpenRpc.js'
import { checkHabit, checkValidAnswer } from './RPC-STANDARD.js'
import { exchangeOf, withError } from './fixtures/recorded.js'

const ZERO_WORD = `0x${'0'.repeat(64)}`
const answer = (result: unknown) => exchangeOf({ jsonrpc: '2.0', id: 1, method: 'eth_getStorageAt', params: [] }, { jsonrpc: '2.0', id: 1, result })

describe("eth_getStorageAt's result in the bundled openrpc.json: Ethereum's bytes for MUST, the 32-byte word as a SHOULD", () => {
  let method: MethodSpec
  beforeAll(async () => {
    method = (await loadOpenRpc(join(packageRoot, 'openrpc.json'))).method('eth_getStorageAt')!
  })

  it('a short value Ethereum allows ("0x00", "0x0", "0x") passes the MUST checks and fails only the habit, saying why', () => {
    const should = method.result.should!
    expect(should.reason).toMatch(/32-byte word/)
    for (const value of ['0x00', '0x0', '0x']) {
      expect(checkValidAnswer(answer(value), method.result.validate, 'eth_getStorageAt')).toEqual([])
      const habit = checkHabit(answer(value), method.result.validate, should, 'eth_getStorageAt')
      expect(habit.judged).toBe(true)
      expect(habit.findings.map((f) => [f.kind, f.pointer])).toEqual([['schema-violation', '/result']])
      expect(habit.findings[0]!.message).toContain(`(SHOULD: ${should.reason})`)
    }
  })

  it('the padded word geth-family nodes answer passes both', () => {
    expect(checkValidAnswer(answer(ZERO_WORD), method.result.validate, 'eth_getStorageAt')).toEqual([])
    expect(checkHabit(answer(ZERO_WORD), method.result.validate, method.result.should!, 'eth_getStorageAt')).toEqual({ judged: true, findings: [] })
  })

  it('what the MUST schema refuses, or an error, is left to the MUST checks: the habit judges nothing there', () => {
    expect(checkValidAnswer(answer('0xZZ'), method.result.validate, 'eth_getStorageAt').map((f) => f.kind)).toEqual(['schema-violation'])
    expect(checkHabit(answer('0xZZ'), method.result.validate, method.result.should!, 'eth_getStorageAt')).toEqual({ judged: false, findings: [] })
    expect(checkHabit(withError('block1', -32000), method.result.validate, method.result.should!, 'eth_getStorageAt')).toEqual({ judged: false, findings: [] })
  })
})
