import { describe, expect, it } from 'vitest'
import { checkCountersForward, checkIndexWithinChain, checkLayerOneHead, checkVerifiedNotAhead, MAX_L1_AGE_SECONDS, type InfoSample } from './INFO-PROGRESS.js'
import type { RollupInfo } from './INFO-SHAPE.js'
import { recorded, recordedResult } from './fixtures/recorded.js'

const sample = (change: (info: RollupInfo) => void = () => {}): InfoSample => {
  const info = recordedResult<RollupInfo>('info')
  change(info)
  return { exchange: recorded('info'), info }
}
const recordedAt = (): number => recordedResult<RollupInfo>('info').ethContext.timestamp + 12

describe('INFO-PROGRESS judges, on answers of the reference', () => {
  it('pass the reference: counters that stay or grow, a recent layer-1 head, verifiedIndex behind index', () => {
    expect(
      checkCountersForward([
        sample(),
        sample((i) => {
          i.rollupContext.index += 1
        }),
      ]),
    ).toEqual([])
    expect(checkLayerOneHead(sample(), recordedAt())).toEqual([])
    expect(checkVerifiedNotAhead(sample())).toEqual([])
  })

  it('wrong-value: a counter that went backwards, pointing at it', () => {
    const findings = checkCountersForward([
      sample(),
      sample((i) => {
        i.ethContext.timestamp -= 1
      }),
    ])
    expect(findings.map((f) => [f.kind, f.pointer])).toEqual([['wrong-value', '/result/ethContext/timestamp']])
  })

  it('wrong-value: a layer-1 head that is all zeros, stale, or in the future', () => {
    expect(
      checkLayerOneHead(
        sample((i) => {
          i.ethContext.blockNumber = 0
        }),
        recordedAt(),
      ).map((f) => f.pointer),
    ).toEqual(['/result/ethContext'])
    expect(checkLayerOneHead(sample(), recordedAt() + MAX_L1_AGE_SECONDS + 60).map((f) => f.kind)).toEqual(['wrong-value'])
    expect(checkLayerOneHead(sample(), recordedAt() - 3600).map((f) => f.kind)).toEqual(['wrong-value'])
  })

  it('wrong-value: verifiedIndex past index', () => {
    expect(
      checkVerifiedNotAhead(
        sample((i) => {
          i.rollupContext.verifiedIndex = i.rollupContext.index + 1
        }),
      ).map((f) => f.kind),
    ).toEqual(['wrong-value'])
  })

  it('index within the chain: passes the reference block, wrong-value past it, inconclusive without transactions', () => {
    const block = recordedResult<Record<string, unknown>>('block1Full')
    const txIndex = Number(BigInt((block.transactions as Array<{ index: string }>)[0]!.index))
    expect(
      checkIndexWithinChain(
        sample((i) => {
          i.rollupContext.index = txIndex
        }),
        0x37,
        block,
        64,
      ),
    ).toEqual({ findings: [], newest: txIndex })
    expect(
      checkIndexWithinChain(
        sample((i) => {
          i.rollupContext.index = txIndex + 1
        }),
        0x37,
        block,
        64,
      ).findings.map((f) => f.kind),
    ).toEqual(['wrong-value'])
    expect(checkIndexWithinChain(sample(), 200, null, 64).findings.map((f) => f.kind)).toEqual(['inconclusive'])
    expect(checkIndexWithinChain(sample(), 10, null, 64).findings.map((f) => f.kind)).toEqual(['wrong-value'])
    expect(checkIndexWithinChain(sample(), 0x37, { ...block, transactions: [{}] }, 64).findings.map((f) => f.kind)).toEqual(['inconclusive'])
  })
})
