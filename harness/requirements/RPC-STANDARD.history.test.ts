import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkDiffer, checkExpected, checkRangeLogs, checkSameStateByForm, type HistoryRead } from './RPC-STANDARD.js'
import { exchangeOf } from './fixtures/recorded.js'

/**
 * Answers of the reference (defaults: chain id 901, 40 blocks of history) at pairs of blocks its
 * history says differ: account 0xa0ee… sends its transaction of nonce 4 in block 0x25; contract
 * 0x8464… is created in block 3 (its constructor writes slot 0); block 0x21's Transfer logs move
 * the token balance of 0xf39f….
 */
const answers = JSON.parse(readFileSync(new URL('./fixtures/history-answers.json', import.meta.url), 'utf8')) as Record<string, { request: unknown; response: unknown }>

function read(name: string, at = 'block', result?: unknown): HistoryRead {
  const answer = structuredClone(answers[name]!)
  const response = result === undefined ? answer.response : { jsonrpc: '2.0', id: 1, result }
  return { what: name, at, exchange: exchangeOf(answer.request, response) }
}

describe('RPC-STANDARD history judges, on answers of the reference', () => {
  it('pass: the nonce before and after its transaction, code and storage before and after the creation, a balance moved by a Transfer', () => {
    expect(checkExpected(read('nonceBefore'), { quantity: 4n }, 'its transaction of nonce 4')).toEqual([])
    expect(checkExpected(read('nonceAfter'), { quantity: 5n }, 'its transaction of nonce 4')).toEqual([])
    expect(checkExpected(read('codeBefore'), { code: 'empty' }, 'created in block 3')).toEqual([])
    expect(checkExpected(read('codeAfter'), { code: 'present' }, 'created in block 3')).toEqual([])
    expect(checkExpected(read('storageBefore'), { word: 'zero' }, 'created in block 3')).toEqual([])
    expect(checkDiffer(read('balanceBefore'), read('balanceAfter'), 'it paid gas')).toEqual([])
    expect(checkDiffer(read('callBefore'), read('callAfter'), 'a Transfer moved it')).toEqual([])
    expect(checkSameStateByForm(read('nonceBefore'), read('nonceBeforeByHash'))).toEqual([])
  })

  it('wrong-value: the latest state served for a past block (the nonce after, code before its creation, one balance at both blocks)', () => {
    const [nonce] = checkExpected(read('nonceBefore', 'block 36', '0x5'), { quantity: 4n }, 'its transaction of nonce 4')
    expect(nonce).toMatchObject({ kind: 'wrong-value', expected: '0x4', got: '0x5', pointer: '/result' })
    expect(nonce!.message).toContain('at block 36 answered 5')
    const codeAfter = (answers.codeAfter!.response as { result: string }).result
    expect(checkExpected(read('codeBefore', 'block 2', codeAfter), { code: 'empty' }, 'x')[0]).toMatchObject({ kind: 'wrong-value' })
    expect(checkExpected(read('codeAfter', 'block 3', '0x'), { code: 'present' }, 'x')[0]).toMatchObject({ kind: 'wrong-value' })
    expect(checkExpected(read('storageBefore', 'block 2', `0x${'00'.repeat(31)}1a`), { word: 'zero' }, 'x')[0]).toMatchObject({ kind: 'wrong-value' })
    const stale = (answers.balanceAfter!.response as { result: string }).result
    expect(checkDiffer(read('balanceBefore', 'block 36', stale), read('balanceAfter', 'block 37'), 'it paid gas')[0]).toMatchObject({ kind: 'wrong-value', got: stale })
  })

  it('inconsistent: another answer by block hash than by number', () => {
    expect(checkSameStateByForm(read('nonceBefore'), read('nonceBeforeByHash', 'hash', '0x5'))[0]).toMatchObject({ kind: 'inconsistent', expected: '0x4', got: '0x5' })
  })

  it('an error is inconclusive (no state kept at that block), a value of another kind is a schema violation', () => {
    const refused = { what: 'eth_getBalance', at: 'block 0', exchange: exchangeOf(answers.unknownBlock!.request, answers.unknownBlock!.response) }
    expect(checkExpected(refused, { quantity: 1n }, 'x').map((f) => f.kind)).toEqual(['inconclusive'])
    expect(checkDiffer(refused, read('balanceAfter'), 'x').map((f) => f.kind)).toEqual(['inconclusive'])
    expect(checkExpected(read('nonceBefore', 'b', 4), { quantity: 4n }, 'x').map((f) => f.kind)).toEqual(['schema-violation'])
    expect(checkExpected(read('codeBefore', 'b', '0xabc'), { code: 'empty' }, 'x').map((f) => f.kind)).toEqual(['schema-violation'])
    const { exchange } = read('nonceBefore')
    delete exchange.response
    expect(checkExpected({ what: 'n', at: 'b', exchange: { ...exchange, failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer' } } }, { quantity: 4n }, 'x').map((f) => f.kind)).toEqual(['no-answer'])
  })
})

describe('RPC-STANDARD logs judge, on answers of the reference', () => {
  const exchange = (name: string): ReturnType<typeof exchangeOf> => exchangeOf(structuredClone(answers[name]!.request), structuredClone(answers[name]!.response))
  const logsOf = (name: string): unknown[] => ((answers[name]!.response as { result: { logs: unknown[] } }).result.logs)
  const receiptLogs = [...logsOf('receipt29'), ...logsOf('receipt30')]

  it('pass: blocks 29 to 30, and block 30 by its hash, answer exactly their receipts\' logs', () => {
    expect(checkRangeLogs(exchange('logs29to30'), receiptLogs, 'blocks 29 to 30')).toEqual([])
    expect(checkRangeLogs(exchange('logs30byHash'), logsOf('receipt30'), 'block 30')).toEqual([])
  })

  it('wrong-value: the logs after the range (its toBlock ignored), a log left out, the logs reordered', () => {
    const past = checkRangeLogs(exchange('logs29toLatest'), receiptLogs, 'blocks 29 to 30')
    expect(past.length).toBeGreaterThan(0)
    expect(past[0]).toMatchObject({ kind: 'wrong-value' })
    expect(past[0]!.message).toMatch(/which no receipt of those blocks holds/)
    const short = { ...exchange('logs29to30'), response: { jsonrpc: '2.0', id: 1, result: logsOf('receipt29') } }
    expect(checkRangeLogs(short, receiptLogs, 'blocks 29 to 30')[0]!.message).toMatch(/left out the log of block 0x1e/)
    const reordered = { ...exchange('logs29to30'), response: { jsonrpc: '2.0', id: 1, result: [...receiptLogs].reverse() } }
    expect(checkRangeLogs(reordered, receiptLogs, 'blocks 29 to 30')[0]!.message).toMatch(/in another order/)
    const twice = { ...exchange('logs30byHash'), response: { jsonrpc: '2.0', id: 1, result: [...logsOf('receipt30'), ...logsOf('receipt30')] } }
    expect(checkRangeLogs(twice, logsOf('receipt30'), 'block 30').map((f) => f.kind)).toEqual(['wrong-value'])
  })

  it('an error or something else than an array is a finding of its kind', () => {
    expect(checkRangeLogs({ ...exchange('logs29to30'), response: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'x' } } }, receiptLogs, 'r').map((f) => f.kind)).toEqual(['unexpected-error'])
    expect(checkRangeLogs({ ...exchange('logs29to30'), response: { jsonrpc: '2.0', id: 1, result: {} } }, receiptLogs, 'r').map((f) => f.kind)).toEqual(['schema-violation'])
  })
})
