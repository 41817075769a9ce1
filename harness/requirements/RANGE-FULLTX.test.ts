import { describe, expect, it } from 'vitest'
import { checkFullTransactions, transactionCount } from './RANGE-FULLTX.js'
import { recorded, recordedResult, withResult } from './fixtures/recorded.js'

const anyTx = (): [] => []
type Block = Record<string, unknown> & { transactions: Array<Record<string, unknown>> }

function judge(full: Block[], hashes = recordedResult<unknown[]>('range1to2')) {
  return checkFullTransactions({ exchange: recorded('range1to2'), blocks: hashes }, { exchange: withResult('range1to2Full', full), blocks: full }, anyTx)
}

describe('RANGE-FULLTX judge, on answers of the reference', () => {
  it('passes the reference, and counts its transactions', () => {
    const full = recordedResult<Block[]>('range1to2Full')
    expect(judge(full)).toEqual([])
    expect(transactionCount(full)).toBe(2)
  })

  it('inconsistent: a full transaction that is not the one the hashes name', () => {
    const full = recordedResult<Block[]>('range1to2Full')
    full[0]!.transactions[0]!.hash = `0x${'ab'.repeat(32)}`
    expect(judge(full).map((f) => [f.kind, f.pointer])).toEqual([['inconsistent', '/result/0/transactions/0/hash']])
  })

  it('inconsistent: a transaction naming another block', () => {
    const full = recordedResult<Block[]>('range1to2Full')
    full[1]!.transactions[0]!.blockNumber = '0x1'
    expect(judge(full).map((f) => f.kind)).toEqual(['inconsistent'])
  })

  it('wrong-value: hashes where full objects were asked for', () => {
    const full = recordedResult<Block[]>('range1to2')
    expect(judge(full).map((f) => f.kind)).toEqual(['wrong-value', 'wrong-value'])
  })

  it('inconsistent: a different number of blocks with true and false', () => {
    expect(judge(recordedResult<Block[]>('range1to2Full').slice(0, 1)).map((f) => f.kind)).toEqual(['inconsistent'])
  })
})
