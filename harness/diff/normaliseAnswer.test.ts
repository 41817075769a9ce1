import { describe, expect, it } from 'vitest'
import { AT_OR_PAST_COMMON_HEAD, CLIENT_VERSION, normaliseResult, SUBSCRIPTION_ID } from './normaliseAnswer.js'

describe('normaliseResult', () => {
  it('makes any client version string the same answer, but not a non-string', () => {
    expect(normaliseResult('web3_clientVersion', 'Geth/v1.0', 5)).toBe(CLIENT_VERSION)
    expect(normaliseResult('web3_clientVersion', 'anvil/v0.2', 5)).toBe(CLIENT_VERSION)
    expect(normaliseResult('web3_clientVersion', 42, 5)).toBe(42)
  })

  it('makes heads at or past the common height the same, and keeps one below it', () => {
    expect(normaliseResult('eth_blockNumber', '0x5', 5)).toBe(AT_OR_PAST_COMMON_HEAD)
    expect(normaliseResult('eth_blockNumber', '0x9', 5)).toBe(AT_OR_PAST_COMMON_HEAD)
    expect(normaliseResult('eth_blockNumber', '0x4', 5)).toBe('0x4')
  })

  it('makes any subscription id the same answer', () => {
    expect(normaliseResult('eth_subscribe', '0x9cef478923ff08bf67fde6c64013158d', 5)).toBe(SUBSCRIPTION_ID)
    expect(normaliseResult('eth_subscribe', '0x1', 5)).toBe(SUBSCRIPTION_ID)
  })

  it('leaves other methods alone', () => {
    expect(normaliseResult('eth_chainId', '0x385', 5)).toBe('0x385')
  })
})
