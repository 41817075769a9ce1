import { describe, expect, it } from 'vitest'
import { logSample, parseBlocksFile, planBlocks, planOf, shardOf, windowsOf } from './sweepPlan.js'

describe('the sweep plan', () => {
  it('merges overlapping and touching ranges', () => {
    expect(
      planOf([
        [5, 9],
        [1, 2],
        [3, 3],
        [8, 12],
        [20, 20],
      ]),
    ).toEqual({
      segments: [
        [1, 3],
        [5, 12],
        [20, 20],
      ],
    })
  })

  it('cuts shards whose sizes differ by at most one and that cover every block once', () => {
    const plan = planOf([
      [0, 9],
      [20, 26],
      [40, 40],
    ])
    const shards = [1, 2, 3, 4].map((i) => shardOf(plan, i, 4))
    expect(shards.map(planBlocks)).toEqual([4, 5, 4, 5])
    const heights = shards.flatMap((s) => s.segments.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, k) => a + k)))
    expect(heights).toEqual(plan.segments.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, k) => a + k)))
  })

  it('walks windows within segments, skipping the part a checkpoint says is done', () => {
    const plan = planOf([
      [0, 9],
      [20, 22],
    ])
    expect([...windowsOf(plan, 4)].map((w) => [w.from, w.to, w.position])).toEqual([
      [0, 3, 0],
      [4, 7, 4],
      [8, 9, 8],
      [20, 22, 10],
    ])
    expect([...windowsOf(plan, 4, 8)].map((w) => [w.from, w.to, w.position])).toEqual([
      [8, 9, 8],
      [20, 22, 10],
    ])
    expect([...windowsOf(plan, 4, 13)]).toEqual([])
  })

  it('samples log-spaced heights down to the oldest served block', () => {
    expect(logSample(1000, 0)).toEqual([1000, 999, 998, 996, 992, 984, 968, 936, 872, 744, 488, 0])
    expect(logSample(10, 7)).toEqual([10, 9, 8, 7])
    expect(logSample(0, 0)).toEqual([0])
  })

  it('reads a pinned corpus of numbers and ranges, and names a bad line', () => {
    expect(parseBlocksFile('# corpus\n12\n0x10..0x12  # the fork\n\n100..100\n')).toEqual([
      [12, 12],
      [16, 18],
      [100, 100],
    ])
    expect(() => parseBlocksFile('1\nten\n')).toThrow(/line 2: 'ten'/)
    expect(() => parseBlocksFile('9..3')).toThrow(/ends before it starts/)
  })
})
