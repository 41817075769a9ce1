import { describe, expect, it } from 'vitest'
import { sideBySide } from './sideBySide.js'

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe('sideBySide()', () => {
  it("answers the results in the items' order, with at most `parallel` calls under way", async () => {
    let inFlight = 0
    let most = 0
    const results = await sideBySide([30, 5, 20, 1, 10, 2], 3, async (ms) => {
      most = Math.max(most, ++inFlight)
      await sleep(ms)
      inFlight--
      return ms * 2
    })
    expect(results).toEqual([60, 10, 40, 2, 20, 4])
    expect(most).toBe(3)
  })

  it('runs one at a time with parallel 1 (or less), and answers [] for no items', async () => {
    const order: number[] = []
    await sideBySide([3, 1, 2], 0, async (n) => {
      await sleep(n)
      order.push(n)
    })
    expect(order).toEqual([3, 1, 2])
    expect(await sideBySide([], 4, async () => 1)).toEqual([])
  })

  it('rejects when a call rejects', async () => {
    await expect(
      sideBySide([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error('two')
        return n
      }),
    ).rejects.toThrow('two')
  })
})
