import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  checkDiffer,
  checkExpected,
  checkHeadServed,
  checkHeadsForward,
  checkRangeLogs,
  checkSameStateByForm,
  headNamed,
  headsOfBatch,
  type HistoryRead,
} from './RPC-STANDARD.js'
import { exchangeOf, recorded, withResult } from './fixtures/recorded.js'

/**
 * Answers of the reference (defaults: chain id 901, 40 blocks of history) at pairs of blocks its
 * history says differ: account 0xa0ee… sends its transaction of nonce 4 in block 0x25; contract
 * 0x8464… is created in block 3 (its constructor writes slot 0); block 0x21's Transfer logs move
 * the token balance of 0xf39f….
 */
const answers = JSON.parse(readFileSync(new URL('./fixtures/history-answers.json', import.meta.url), 'utf8')) as Record<
  string,
  { request: unknown; response: unknown }
>

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
    expect(checkDiffer(read('balanceBefore', 'block 36', stale), read('balanceAfter', 'block 37'), 'it paid gas')[0]).toMatchObject({
      kind: 'wrong-value',
      got: stale,
    })
  })

  it('inconsistent: another answer by block hash than by number', () => {
    expect(checkSameStateByForm(read('nonceBefore'), read('nonceBeforeByHash', 'hash', '0x5'))[0]).toMatchObject({
      kind: 'inconsistent',
      expected: '0x4',
      got: '0x5',
    })
  })

  it('an error is inconclusive (no state kept at that block), a value of another kind is a schema violation', () => {
    const refused = { what: 'eth_getBalance', at: 'block 0', exchange: exchangeOf(answers.unknownBlock!.request, answers.unknownBlock!.response) }
    expect(checkExpected(refused, { quantity: 1n }, 'x').map((f) => f.kind)).toEqual(['inconclusive'])
    expect(checkDiffer(refused, read('balanceAfter'), 'x').map((f) => f.kind)).toEqual(['inconclusive'])
    expect(checkExpected(read('nonceBefore', 'b', 4), { quantity: 4n }, 'x').map((f) => f.kind)).toEqual(['schema-violation'])
    expect(checkExpected(read('codeBefore', 'b', '0xabc'), { code: 'empty' }, 'x').map((f) => f.kind)).toEqual(['schema-violation'])
    const { exchange } = read('nonceBefore')
    delete exchange.response
    expect(
      checkExpected(
        { what: 'n', at: 'b', exchange: { ...exchange, failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer' } } },
        { quantity: 4n },
        'x',
      ).map((f) => f.kind),
    ).toEqual(['no-answer'])
  })
})

describe('RPC-STANDARD logs judge, on answers of the reference', () => {
  const exchange = (name: string): ReturnType<typeof exchangeOf> =>
    exchangeOf(structuredClone(answers[name]!.request), structuredClone(answers[name]!.response))
  const logsOf = (name: string): unknown[] => (answers[name]!.response as { result: { logs: unknown[] } }).result.logs
  const receiptLogs = [...logsOf('receipt29'), ...logsOf('receipt30')]

  it("pass: blocks 29 to 30, and block 30 by its hash, answer exactly their receipts' logs", () => {
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
    expect(
      checkRangeLogs({ ...exchange('logs29to30'), response: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'x' } } }, receiptLogs, 'r').map(
        (f) => f.kind,
      ),
    ).toEqual(['unexpected-error'])
    expect(checkRangeLogs({ ...exchange('logs29to30'), response: { jsonrpc: '2.0', id: 1, result: {} } }, receiptLogs, 'r').map((f) => f.kind)).toEqual([
      'schema-violation',
    ])
  })
})

describe('RPC-STANDARD head judges, on answers of the reference', () => {
  const head = (hex: string): { exchange: ReturnType<typeof exchangeOf>; head: bigint | null } => {
    const exchange = withResult('blockNumber', hex)
    return { exchange, head: headNamed(exchange) }
  }
  const batchOf = (...heads: string[]): ReturnType<typeof exchangeOf> =>
    exchangeOf(
      heads.map((_, i) => ({ jsonrpc: '2.0', method: 'eth_blockNumber', params: [], id: i + 1 })),
      heads.map((result, i) => ({ jsonrpc: '2.0', id: i + 1, result })),
    )

  it('pass: the recorded head, answers that never go back, a batch at or past the answers before it, the head block served', () => {
    expect(headNamed(recorded('blockNumber'))).toBe(40n)
    expect(
      checkHeadsForward([head('0x28'), head('0x28'), headsOfBatch(batchOf('0x29', '0x28', '0x29'), [1, 2, 3])!, head('0x29')], { number: 40n, why: 'mined' }),
    ).toEqual([])
    expect(checkHeadServed(40n, recorded('block1'), 'x')).toHaveLength(1)
    expect(checkHeadServed(1n, recorded('block1'), 'eth_getBlockByNumber("0x1")')).toEqual([])
    expect(checkHeadServed(0n, recorded('block1'), 'eth_getBlockByNumber("latest")', true)).toEqual([])
  })

  it('wrong-value: the head went back, below a block just mined, in a batch below the answers before it', () => {
    expect(checkHeadsForward([head('0x29'), head('0x28')])[0]).toMatchObject({ kind: 'wrong-value', expected: '>= 0x29', got: '0x28' })
    expect(checkHeadsForward([head('0x27')], { number: 40n, why: 'its receipt names it' })[0]!.message).toMatch(/below block 40 \(its receipt names it\)/)
    const batch = headsOfBatch(batchOf('0x29', '0x28'), [1, 2])!
    expect(checkHeadsForward([head('0x29'), batch]).map((f) => f.message)).toEqual([
      expect.stringMatching(/answered 40 \(answer 3 of 3, in a batch\) after answering 41/),
    ])
    expect(checkHeadsForward([batch, head('0x28')])).toHaveLength(1)
  })

  it('the head named but not served, or "latest" older than it', () => {
    expect(checkHeadServed(1n, withResult('block1', null), 'eth_getBlockByNumber("0x1")')[0]).toMatchObject({ kind: 'wrong-value', got: null })
    expect(checkHeadServed(2n, recorded('block1'), 'eth_getBlockByNumber("latest")', true)[0]).toMatchObject({
      kind: 'wrong-value',
      expected: '>= 0x2',
      got: '0x1',
    })
    expect(checkHeadServed(1n, withResult('block1', { number: 1 }), 'b')[0]).toMatchObject({ kind: 'schema-violation' })
  })

  it('a batch not answered item by item is left to RPC-HTTP (null); an answer without a number is a finding', () => {
    expect(headsOfBatch(withResult('blockNumber', '0x28'), [1, 2])).toBeNull()
    expect(headsOfBatch(batchOf('0x28'), [1, 2])).toBeNull()
    expect(checkHeadsForward([head('0x28'), { exchange: withResult('blockNumber', 'x'), head: null }]).map((f) => f.kind)).toEqual(['no-answer'])
  })
})
