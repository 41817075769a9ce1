import { describe, expect, it } from 'vitest'
import { accountStateOf, blocksToSearch, BLOCKS_SEARCHED, checkIsError, checkNotEvaluated, checkNoTransactionFrom, checkStateUnchanged, senderOf, valueFree } from './BLOCKED-SENDTX.js'
import { exchangeOf, recorded, recordedResult, withError, withResult } from './fixtures/recorded.js'

const SENDER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const answer = (result: unknown) => exchangeOf({ jsonrpc: '2.0', method: 'eth_getTransactionCount', params: [SENDER, 'latest'], id: 1 }, { jsonrpc: '2.0', id: 1, result })
const state = (nonce: string, head: string) => accountStateOf({ nonce: answer(nonce), pending: answer(nonce), balance: answer('0xde0b6b3a7640000'), head: answer(head) })

describe('BLOCKED-SENDTX judges, on answers of the reference', () => {
  it('the probe is value-free: zero value, to its own sender, gas price zero', () => {
    const params = valueFree([{ from: SENDER, to: '0x0000000000000000000000000000000000000001', value: '0x1' }])
    expect(params).toEqual([{ from: SENDER, to: SENDER, value: '0x0', gas: '0x5208', gasPrice: '0x0' }])
    expect(senderOf(params)).toBe(SENDER)
    expect(valueFree([])).toEqual([])
  })

  it('passes the reference: the blocked call is an error, and nothing changed', () => {
    expect(checkIsError(recorded('accounts'), 'eth_getAccounts over HTTP')).toEqual([])
    expect(checkNotEvaluated(recorded('accounts'), 'eth_getAccounts over HTTP')).toEqual([])
    expect(checkStateUnchanged(SENDER, state('0x3', '0x37'), state('0x3', '0x38'))).toEqual([])
  })

  it('state-changed: a nonce moved, with expected and got', () => {
    expect(checkStateUnchanged(SENDER, state('0x3', '0x37'), state('0x4', '0x38'))).toMatchObject([
      { kind: 'state-changed', expected: '0x3', got: '0x4' }, { kind: 'state-changed', expected: '0x3', got: '0x4' },
    ])
  })

  it('searches at most BLOCKS_SEARCHED blocks after the call', () => {
    expect(blocksToSearch(state('0x3', '0x37'), state('0x3', '0x39'))).toEqual([0x38n, 0x39n])
    expect(blocksToSearch(state('0x3', '0x0'), state('0x3', '0x1000'))).toHaveLength(BLOCKS_SEARCHED)
  })

  it('state-changed: a block after the call carries the sender\'s transaction', () => {
    const block = recordedResult<{ transactions: Array<Record<string, unknown>> }>('block1Full')
    const from = block.transactions[0]!.from as string
    expect(checkNoTransactionFrom(recorded('block1Full'), SENDER)).toEqual([])
    expect(checkNoTransactionFrom(recorded('block1Full'), from.toUpperCase().replace('0X', '0x')).map((f) => [f.kind, f.pointer])).toEqual([['state-changed', '/result/transactions/0']])
    expect(checkNoTransactionFrom(withResult('block1Full', { transactions: [null, 7] }), SENDER)).toEqual([])
  })

  it('unexpected-result and not-blocked: the method answered, or weighed the transaction', () => {
    expect(checkIsError(withResult('accounts', []), 'eth_getAccounts').map((f) => f.kind)).toEqual(['unexpected-result'])
    expect(checkNotEvaluated(withError('accounts', -32000, 'transaction underpriced'), 'eth_sendTransaction').map((f) => f.kind)).toEqual(['not-blocked'])
  })
})
