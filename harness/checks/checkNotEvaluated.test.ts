import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { checkNotEvaluated } from './checkNotEvaluated.js'

const exchangeOf = (response: unknown): Exchange => ({ transport: 'http', url: 'http://target.invalid/', request: {}, response, startedAt: 0, durationMs: 0 })
const error = (code: unknown, message: unknown): Exchange => exchangeOf({ jsonrpc: '2.0', id: 1, error: { code, message } })

describe('checkNotEvaluated()', () => {
  it('finds a refusal for the price, by code or by words (Anvil, geth)', () => {
    expect(checkNotEvaluated(error(-32003, 'max fee per gas less than block base fee'), 'the call')).toHaveLength(1)
    expect(checkNotEvaluated(error(-32000, 'transaction underpriced'), 'the call')).toHaveLength(1)
    expect(checkNotEvaluated(error(-32000, 'Transaction requires gas floor of 21480 but got limit of 21248'), 'the call')).toHaveLength(1)
    expect(checkNotEvaluated(error(-32010, 'rejected'), 'the call')[0]?.message).toMatch(/weighed the value-free probe/)
  })
  it('accepts the errors of nodes and proxies that block the method', () => {
    for (const [code, message] of [
      [-32601, 'eth_sendTransaction is blocked'],
      [-32000, 'OVM: Unsupported RPC Method'],
      [-32001, 'rpc method is not whitelisted'],
      [-32000, 'unknown account'],
    ] as const) {
      expect(checkNotEvaluated(error(code, message), 'the call')).toEqual([])
    }
  })
  it('leaves results and broken answers to the other checks', () => {
    expect(checkNotEvaluated(exchangeOf({ jsonrpc: '2.0', id: 1, result: '0x1' }), 'the call')).toEqual([])
    expect(checkNotEvaluated(exchangeOf('garbage'), 'the call')).toEqual([])
  })
})
