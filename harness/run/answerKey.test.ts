import { describe, expect, it, vi } from 'vitest'
import type { Finding } from '../checks/finding.js'
import type { Exchange } from '../transport/exchange.js'
import { answerKey, restingAnswers } from './answerKey.js'

const block = (number: string, id: number, result: unknown): Exchange => ({
  transport: 'http',
  url: 'http://127.0.0.1:8545',
  request: { jsonrpc: '2.0', method: 'eth_getBlockByNumber', params: [number, false], id },
  response: { jsonrpc: '2.0', id, result },
  httpStatus: 200,
  startedAt: id,
  durationMs: 1,
})

describe('answerKey', () => {
  it('is the same for one request answered with the same bytes, whatever the ids', () => {
    expect(answerKey(block('0x1', 1, {}))).toBe(answerKey(block('0x1', 7, {})))
  })

  it('tells apart other blocks, other answers, other transports', () => {
    const key = answerKey(block('0x1', 1, {}))
    expect(answerKey(block('0x2', 1, {}))).not.toBe(key)
    expect(answerKey(block('0x1', 1, { number: '0x1' }))).not.toBe(key)
    expect(answerKey({ ...block('0x1', 1, {}), transport: 'ws' })).not.toBe(key)
  })

  it('knows a request that got no answer, or one too large to compare, only as itself', () => {
    const failed: Exchange = { ...block('0x1', 1, {}), failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer in 100 ms' } }
    expect(answerKey(failed)).toBe(answerKey(failed))
    expect(answerKey(failed)).not.toBe(answerKey({ ...failed }))
    const large = block('0x1', 1, { extraData: `0x${'00'.repeat(40_000)}` })
    expect(answerKey(large)).toBe(answerKey(large))
    expect(answerKey(large)).not.toBe(answerKey(block('0x1', 2, { extraData: `0x${'00'.repeat(40_000)}` })))
  })

  it("never writes a large answer's JSON text to compare it: its size is found by walking it", () => {
    const stringify = vi.spyOn(JSON, 'stringify')
    try {
      const huge = block('0x1', 1, { extraData: `0x${'ab'.repeat(5_000_000)}` })
      expect(answerKey(huge)).toMatch(/^exchange #/)
      expect(stringify).not.toHaveBeenCalled()
      expect(answerKey(block('0x1', 1, {}))).not.toMatch(/^exchange #/)
      expect(stringify).toHaveBeenCalledTimes(1)
    } finally {
      stringify.mockRestore()
    }
  })
})

describe('restingAnswers', () => {
  const on = (exchange: Exchange, kind: Finding['kind'] = 'schema-violation'): Finding => ({ kind, message: 'wrong', exchange })

  it('keys each answer once; whole when every finding rests on an answer', () => {
    const answers = restingAnswers([on(block('0x1', 1, {})), on(block('0x1', 2, {})), on(block('0x2', 3, {}))])
    expect(answers.keys).toHaveLength(2)
    expect(answers.whole).toBe(true)
  })

  it('is not whole with a finding that cites no exchange, or compares two answers', () => {
    expect(restingAnswers([on(block('0x1', 1, {})), { kind: 'missing-notification', message: 'none came' }]).whole).toBe(false)
    expect(restingAnswers([on(block('0x1', 1, {}), 'inconsistent')])).toEqual({ keys: [], whole: false })
  })
})
