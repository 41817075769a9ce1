import { describe, expect, it } from 'vitest'
import { levelOf } from '../requirements/index.js'
import type { CheckDeclaration } from './registry.js'
import { shardSlice } from './shardSlice.js'

const declared = (id: string, requirement: 'RANGE-ORDER' | 'LIMITS' = 'RANGE-ORDER'): CheckDeclaration => ({
  spec: { id, requirement, level: levelOf(requirement), title: id },
  needs: {},
  options: {},
  body: async () => undefined,
})

describe('shardSlice: --shard i/n cuts the checks, not the files', () => {
  const checks = [...Array.from({ length: 10 }, (_, i) => declared(`range.c${i}`)), ...Array.from({ length: 4 }, (_, i) => declared(`limits.l${i}`, 'LIMITS'))]

  it('gives every check to exactly one shard, in even slices of the selected checks and of the others', () => {
    const selection = { only: ['RANGE-*'], skip: [] }
    const slices = [1, 2, 3].map((index) => shardSlice(checks, { index, count: 3 }, selection).map((c) => c.spec.id))
    expect(slices.flat().sort()).toEqual(checks.map((c) => c.spec.id).sort())
    const selected = slices.map((slice) => slice.filter((id) => id.startsWith('range.')).length)
    expect(selected).toEqual([3, 3, 4])
    expect(slices.map((slice) => slice.filter((id) => id.startsWith('limits.')).length)).toEqual([1, 1, 2])
  })

  it('is the same whatever order the checks are declared in, and keeps declaration order within a slice', () => {
    const selection = { only: [], skip: [] }
    const forward = shardSlice(checks, { index: 2, count: 4 }, selection).map((c) => c.spec.id)
    const backward = shardSlice([...checks].reverse(), { index: 2, count: 4 }, selection).map((c) => c.spec.id)
    expect([...backward].reverse()).toEqual(forward)
  })
})
