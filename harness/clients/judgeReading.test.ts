import { describe, expect, it } from 'vitest'
import { recorded, recordedResult } from '../requirements/fixtures/recorded.js'
import { ETHERS_SOURCES } from './ethersAdapter.js'
import { judgeObject, judgeTransaction, judgeValue, parityOf, shadowedFields, strictValue, type Judged } from './judgeReading.js'
import { plain, type Reading } from './reading.js'

const at = (label = 'lib call'): Judged => ({ label, pointer: '/result', exchange: recorded('block1Full') })

/** A library's reading of a recorded block as viem and web3 give it: every field kept, the integers as bigint. */
function readLikeViem(raw: Record<string, unknown>): Reading {
  const integers = new Set([
    'number',
    'difficulty',
    'totalDifficulty',
    'size',
    'gasLimit',
    'gasUsed',
    'timestamp',
    'baseFeePerGas',
    'nonce_tx',
    'blockNumber',
    'transactionIndex',
    'value',
    'gas',
    'gasPrice',
    'v',
    'type',
  ])
  const read = (object: Record<string, unknown>, tx: boolean): Reading =>
    Object.fromEntries(
      Object.entries(object).map(([key, value]) => {
        if (key === 'transactions' && Array.isArray(value))
          return [key, value.map((item) => (typeof item === 'string' ? item : read(item as Record<string, unknown>, true)))]
        if ((integers.has(key) || (tx && key === 'nonce')) && typeof value === 'string') return [key, BigInt(value)]
        return [key, plain(value)]
      }),
    )
  return read(raw, false)
}

describe('strictValue', () => {
  it('reads a quantity, data, a hash and an address by the conventions, and says why not', () => {
    expect(strictValue('quantity', '0x385')).toEqual({ value: 901n })
    expect(strictValue('quantity', '0x0')).toEqual({ value: 0n })
    expect(strictValue('quantity', '0x0385')).toMatchObject({ problem: expect.stringContaining('no leading zero') })
    expect(strictValue('quantity', 901)).toMatchObject({ problem: expect.stringContaining('is not a hex quantity') })
    expect(strictValue('data', '0xABcd')).toEqual({ value: '0xabcd' })
    expect(strictValue('data', '0xabc')).toMatchObject({ problem: expect.any(String) })
    expect(strictValue('address', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual({ value: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' })
    expect(strictValue('hash', '0x12')).toMatchObject({ problem: expect.any(String) })
  })

  it('shows what hex digits without "0x" say, so a reader sees what a lenient library got wrong', () => {
    const read = strictValue('quantity', '901')
    expect(read).toMatchObject({ problem: expect.stringContaining('0x901 = 2305') })
  })
})

describe('judgeValue', () => {
  it('passes a library that read the value the answer holds', () => {
    expect(judgeValue('quantity', '0x385', 901n, at(), '')).toEqual([])
    expect(judgeValue('address', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', at(), 'from')).toEqual([])
    expect(judgeValue('data', '0x0000000000000000', 0n, at(), 'nonce')).toEqual([])
  })

  it('fails a library fooled by a malformed value, whatever it made of it', () => {
    const [finding] = judgeValue('quantity', '901', 901n, at('viem getChainId'), '')
    expect(finding).toMatchObject({ kind: 'schema-violation', pointer: '/result' })
    expect(finding!.message).toMatch(/^viem getChainId: the node answered the answer "901" is not a hex quantity.*the library read it as 901n/)
  })

  it('fails another value, a dropped value, and a value made up for null', () => {
    expect(judgeValue('quantity', '0x27', 39n, at(), 'transactionIndex')).toEqual([])
    expect(judgeValue('quantity', '0x0', 39n, at(), 'transactionIndex')[0]).toMatchObject({
      kind: 'wrong-value',
      pointer: '/result/transactionIndex',
      expected: '0n',
      got: '39n',
    })
    expect(judgeValue('quantity', '0x1', undefined, at(), 'gas')[0]).toMatchObject({ kind: 'wrong-value', message: expect.stringContaining('dropped') })
    expect(judgeValue('address', null, '0x0000000000000000000000000000000000000000', at(), 'to')[0]).toMatchObject({ kind: 'wrong-value', expected: 'null' })
    expect(judgeValue('address', null, null, at(), 'to')).toEqual([])
  })

  it('compares lists item by item, and their lengths', () => {
    expect(judgeValue('hashes', [`0x${'11'.repeat(32)}`], [`0x${'11'.repeat(32)}`], at(), 'topics')).toEqual([])
    expect(judgeValue('hashes', [`0x${'11'.repeat(32)}`], [], at(), 'topics')[0]).toMatchObject({
      kind: 'wrong-value',
      message: expect.stringContaining('read 0'),
    })
    expect(judgeValue('logs', 'none', [], at(), '')[0]).toMatchObject({ kind: 'schema-violation' })
  })
})

describe('judgeObject on a recorded block', () => {
  const block = recordedResult<Record<string, unknown>>('block1Full')

  it('passes a faithful reading of every field, whole transactions included', () => {
    expect(judgeObject('block', block, readLikeViem(block), at())).toEqual([])
  })

  it('finds a field read otherwise, inside a transaction too, with its pointer', () => {
    const reading = readLikeViem(block)
    reading.gasUsed = 1n
    ;(reading.transactions as Reading[])[0]!.value = 5n
    const findings = judgeObject('block', block, reading, at())
    expect(findings.map((f) => f.pointer)).toEqual(['/result/gasUsed', '/result/transactions/0/value'])
  })

  it('reads a field from where the library takes it (ethers: a transaction position from index first)', () => {
    const tx: Record<string, unknown> = { ...(block.transactions as Array<Record<string, unknown>>)[0]!, index: '0x27', transactionIndex: '0x0' }
    const reading: Reading = { hash: tx.hash as string, transactionIndex: 39n }
    expect(judgeTransaction(tx, reading, { ...at(), sources: ETHERS_SOURCES })).toEqual([])
    expect(judgeTransaction(tx, reading, at())[0]).toMatchObject({ pointer: '/result/transactionIndex' })
    expect(shadowedFields('transaction', tx, ETHERS_SOURCES)).toEqual([{ field: 'transactionIndex', source: 'index', read: '0x27', own: '0x0' }])
    expect(shadowedFields('transaction', { ...tx, index: '0x0' }, ETHERS_SOURCES)).toEqual([])
  })

  it('judges a signature parity against v when the library gives only the parity', () => {
    expect(parityOf(27n)).toBe(0n)
    expect(parityOf(0x1c6n)).toBe(1n)
    expect(parityOf(35n + 2n * 901n)).toBe(0n)
    expect(parityOf(5n)).toBeNull()
    const tx = { hash: `0x${'22'.repeat(32)}`, v: '0x1c' }
    expect(judgeTransaction(tx, { yParity: 1n }, at())).toEqual([])
    expect(judgeTransaction(tx, { yParity: 0n }, at())[0]).toMatchObject({ pointer: '/result/v', expected: '1' })
  })

  it('never throws, whatever the answer', () => {
    for (const raw of [null, 1, 'x', [], { transactions: 'no' }, { number: { deep: [1, 2] } }]) {
      expect(() => judgeObject('block', raw, readLikeViem({ number: '0x1', transactions: [] }), at())).not.toThrow()
      expect(() => judgeObject('receipt', raw, null, at())).not.toThrow()
    }
  })
})
