import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { judgeLogNotifications } from './RPC-SUBSCRIBE.logs.js'

const A = '0x' + 'aa'.repeat(20)
const B = '0x' + 'bb'.repeat(20)
const log = (address: string, block: number, tx = block): Record<string, unknown> => ({
  address,
  topics: ['0x' + 'dd'.repeat(32)],
  data: '0x',
  blockNumber: `0x${block.toString(16)}`,
  transactionHash: `0x${tx.toString(16).padStart(64, '0')}`,
  logIndex: '0x0',
})
const window = { from: 41n, to: 44n }
const chain = [log(A, 42), log(B, 43), log(A, 44)]

describe('judgeLogNotifications', () => {
  it('passes a subscription that notified exactly the logs eth_getLogs holds for its filter', () => {
    expect(judgeLogNotifications(chain, chain, window, { id: '0x1', address: null })).toEqual({ findings: [], inconclusive: null })
    expect(judgeLogNotifications([log(A, 42), log(A, 44), log(A, 45)], chain, window, { id: '0x2', address: A })).toEqual({ findings: [], inconclusive: null })
  })

  it('compares addresses case-insensitively (EIP-55 checksums are fine)', () => {
    const mixed = { ...log(A, 42), address: '0x' + 'AA'.repeat(20) }
    expect(judgeLogNotifications([mixed, log(A, 44)], chain, window, { id: '0x2', address: A }).findings).toEqual([])
  })

  it('fails a log of another address under a filtered subscription, wherever it sits', () => {
    const verdict = judgeLogNotifications([log(A, 42), log(B, 43), log(A, 44)], chain, window, { id: '0x2', address: A })
    expect(verdict.findings).toHaveLength(1)
    expect(verdict.findings[0]).toMatchObject({ pointer: '/1/address' })
    expect(verdict.findings[0]?.message).toMatch(/whose filter is \{address: 0xaaaa/)
    expect(judgeLogNotifications([log(B, 99)], [], window, { id: '0x2', address: A }).findings).toHaveLength(1)
  })

  it('fails a log the chain holds in the window but the subscription never notified', () => {
    const verdict = judgeLogNotifications([log(A, 42)], chain, window, { id: '0x2', address: A })
    expect(verdict.findings[0]?.message).toMatch(/1 log\(s\) of blocks 42 to 44 matching \{address: 0xa+\} were not notified under subscription 0x2/)
    expect(judgeLogNotifications([], chain, window, { id: '0x1', address: null }).findings[0]?.message).toMatch(/3 log\(s\)/)
  })

  it('fails a log notified for the window that eth_getLogs does not hold', () => {
    const verdict = judgeLogNotifications([...chain, log(A, 43, 777)], chain, window, { id: '0x1', address: null })
    expect(verdict.findings[0]?.message).toMatch(/not what eth_getLogs answers/)
  })

  it('fails a notification that is not a log object', () => {
    expect(judgeLogNotifications([{ address: A }], [], window, { id: '0x1', address: null }).findings[0]?.message).toMatch(/not a log object/)
  })

  it('is inconclusive when the window holds no matching log, or the head stayed', () => {
    expect(judgeLogNotifications([], [log(B, 43)], window, { id: '0x2', address: A }).inconclusive).toBe(
      'no log matching {address: 0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa} in blocks 42 to 44',
    )
    expect(judgeLogNotifications([], [], { from: 41n, to: 41n }, { id: '0x1', address: null }).inconclusive).toMatch(/head stayed at block 41/)
  })

  it('is total: never throws, whatever the notifications and the chain hold', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 10 }), fc.array(fc.jsonValue(), { maxLength: 10 }), (notified, held) => {
        expect(Array.isArray(judgeLogNotifications(notified, held, window, { id: '0x1', address: A }).findings)).toBe(true)
      }),
      { seed: 7 },
    )
  })
})
