import { describe, expect, it } from 'vitest'
import { checkIsError, checkRangeHolds, checkReceipt, rawName } from './SENDRAW.js'
import { exchangeOf, recordedResult, unanswered, withResult } from './fixtures/recorded.js'

const block = (): { number: string; transactions: Array<{ hash: string }> } => recordedResult('block1Full')
const TX = (): string => block().transactions[0]!.hash
const range = (result: unknown) =>
  exchangeOf({ jsonrpc: '2.0', method: 'eth_getBlockRange', params: ['0x1', '0x1', true], id: 1 }, { jsonrpc: '2.0', id: 1, result })
const receipt = { status: '0x1', blockNumber: '0x1', transactionHash: `0x${'ab'.repeat(32)}` }

describe('SENDRAW judges, on answers of the reference', () => {
  it('pass: a successful receipt naming its block, and the range of that block holding the transaction', () => {
    expect(checkReceipt(receipt, undefined)).toEqual({ findings: [], blockNumber: '0x1' })
    expect(checkRangeHolds(range([block()]), '0x1', TX())).toEqual([])
  })

  it('wrong-value: a reverted receipt; schema-violation: no blockNumber', () => {
    expect(checkReceipt({ ...receipt, status: '0x0' }, undefined).findings.map((f) => f.kind)).toEqual(['wrong-value'])
    expect(checkReceipt({ status: '0x1' }, undefined).findings.map((f) => f.kind)).toEqual(['schema-violation'])
  })

  it('wrong-value: the range does not hold the transaction; no-answer when it did not answer', () => {
    expect(checkRangeHolds(range([{ ...block(), transactions: [] }]), '0x1', TX()).map((f) => f.kind)).toEqual(['wrong-value'])
    expect(checkRangeHolds(range([null]), '0x1', TX()).map((f) => f.kind)).toEqual(['wrong-value'])
    expect(checkRangeHolds(unanswered('range1to2Full'), '0x1', TX()).map((f) => f.kind)).toEqual(['no-answer'])
  })

  it('unexpected-result: garbage accepted with a hash', () => {
    expect(
      checkIsError(withResult('chainId', `0x${'ab'.repeat(32)}`), `eth_sendRawTransaction of ${rawName(`0x${'f8'.repeat(40)}`)}`).map((f) => f.kind),
    ).toEqual(['unexpected-result'])
    expect(rawName('0x1234')).toBe('0x1234')
  })
})
