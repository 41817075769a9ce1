import { describe, expect, it } from 'vitest'
import { blockOf, checkBlockAnswered, checkBlockHash, checkLinks, checkRoots } from './CHAIN-INTEGRITY.js'
import { recorded, recordedResult, unanswered, withResult } from './fixtures/recorded.js'

type Block = Record<string, unknown>
const block1 = (): Block => recordedResult<Block>('block1')
const range1 = (): Block => recordedResult<Block[]>('range1to2')[0]!
const range2 = (): Block => recordedResult<Block[]>('range1to2')[1]!

describe('CHAIN-INTEGRITY judges, on answers of the reference', () => {
  it('pass the reference: block 1 hashes to its hash, blocks 1 and 2 link, its roots recompute', async () => {
    expect(checkBlockHash(recorded('block1'), block1())).toMatchObject({ findings: [] })
    expect(checkBlockHash(recorded('block1'), block1()).layout).toBeTypeOf('string')
    expect(checkLinks([range1(), range2()], recorded('range1to2'))).toEqual([])
    expect(await checkRoots(recorded('block1Full'), 1, recordedResult<Block>('block1Full'))).toEqual({ findings: [] })
  })

  it('wrong-value: extraData altered, so the hash no longer matches the header, with expected and got', () => {
    const altered: Block = { ...block1(), extraData: '0x00' }
    const { findings } = checkBlockHash(withResult('block1', altered), altered)
    expect(findings).toMatchObject([{ kind: 'wrong-value', pointer: '/result/hash', got: altered.hash }])
  })

  it('inconclusive: a mismatch on a block that carries a field of no known layout', () => {
    const extended = { ...block1(), extraData: '0x00', l2conf_unknownHeaderField: '0x1' }
    expect(checkBlockHash(withResult('block1', extended), extended).findings.map((f) => f.kind)).toEqual(['inconclusive'])
  })

  it('schema-violation: a header that cannot be rebuilt', () => {
    const broken = { ...block1(), stateRoot: 'not hex' }
    expect(checkBlockHash(withResult('block1', broken), broken).findings.map((f) => f.kind)).toEqual(['schema-violation'])
  })

  it('wrong-value: a parentHash that names another block', () => {
    expect(checkLinks([range1(), { ...range2(), parentHash: `0x${'11'.repeat(32)}` }], recorded('range1to2')).map((f) => f.kind)).toEqual(['wrong-value'])
  })

  it('wrong-value: a transactionsRoot altered; an empty block whose receiptsRoot is not the empty-trie root', async () => {
    const full = { ...recordedResult<Block>('block1Full'), transactionsRoot: `0x${'22'.repeat(32)}` }
    expect((await checkRoots(recorded('block1Full'), 1, full)).findings.map((f) => [f.kind, f.pointer])).toEqual([['wrong-value', '/result/transactionsRoot']])
    const empty = { ...recordedResult<Block>('block1Full'), transactions: [] }
    expect((await checkRoots(recorded('block1Full'), 1, empty)).findings.map((f) => f.pointer)).toEqual(['/result/receiptsRoot', '/result/transactionsRoot'])
  })

  it('a block not answered: no-answer for a dead transport, wrong-value for null', () => {
    expect(blockOf(recorded('block1'))).toEqual(block1())
    expect(checkBlockAnswered(unanswered('block1'), blockOf(unanswered('block1'))).map((f) => f.kind)).toEqual(['no-answer'])
    expect(checkBlockAnswered(withResult('block1', null), null).map((f) => f.kind)).toEqual(['wrong-value'])
  })
})
