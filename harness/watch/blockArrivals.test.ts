import { describe, expect, it } from 'vitest'
import { ARRIVALS_REMEMBERED, BlockArrivals } from './blockArrivals.js'

describe('BlockArrivals', () => {
  it('measures each target against the first to announce, and names a disagreeing hash', () => {
    const arrivals = new BlockArrivals()
    expect(arrivals.record('a', 7, '0xaa', 1000)).toEqual({ lateS: 0, disagrees: [] })
    expect(arrivals.record('b', 7, '0xaa', 1250)).toEqual({ lateS: 0.25, disagrees: [] })
    expect(arrivals.record('c', 7, '0xcc', 1500)).toEqual({
      lateS: 0.5,
      disagrees: [
        { target: 'a', hash: '0xaa' },
        { target: 'b', hash: '0xaa' },
      ],
    })
  })

  it('forgets old blocks', () => {
    const arrivals = new BlockArrivals()
    for (let n = 0; n < ARRIVALS_REMEMBERED + 10; n++) arrivals.record('a', n, '0x1', n)
    // Block 0 was forgotten: a late arrival of it is measured from itself.
    expect(arrivals.record('b', 0, '0x2', 99_999)).toEqual({ lateS: 0, disagrees: [] })
  })
})
