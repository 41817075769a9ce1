import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { judgeUnsubscribe } from './RPC-SUBSCRIBE.unsubscribe.js'

const answered = (response: unknown): Exchange => ({ transport: 'ws', url: 'ws://target.invalid/', request: {}, response, startedAt: 0, durationMs: 0 })
const yes = answered({ jsonrpc: '2.0', id: 3, result: true })

describe('judgeUnsubscribe', () => {
  it('passes true and silence while blocks were made', () => {
    expect(judgeUnsubscribe({ unsubscribe: yes, late: 0, blocksAfter: 2n }, '0x1')).toEqual({ findings: [], inconclusive: null })
  })

  it('fails a notification after eth_unsubscribe answered true', () => {
    const verdict = judgeUnsubscribe({ unsubscribe: yes, late: 2, blocksAfter: 2n }, '0x1')
    expect(verdict.findings[0]?.message).toBe('2 notification(s) arrived under subscription 0x1 after eth_unsubscribe answered true (2 block(s) made since)')
  })

  it('fails an answer other than true, on a still chain too', () => {
    for (const response of [{ jsonrpc: '2.0', id: 3, result: false }, { jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'no' } }, 'garbage']) {
      const verdict = judgeUnsubscribe({ unsubscribe: answered(response), late: 0, blocksAfter: 0n }, '0x1')
      expect(verdict.findings[0]?.message).toMatch(/expected true/)
      expect(verdict.inconclusive).toBeNull()
    }
  })

  it('is inconclusive when no block was made after the answer: silence proves nothing then', () => {
    expect(judgeUnsubscribe({ unsubscribe: yes, late: 0, blocksAfter: 0n }, '0x1').inconclusive).toMatch(/no block was made after eth_unsubscribe/)
  })
})
