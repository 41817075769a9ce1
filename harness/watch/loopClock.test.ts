import { describe, expect, it } from 'vitest'
import { LoopClock } from './loopClock.js'

describe('LoopClock', () => {
  it('counts the time the event loop was held, and little when it was free', async () => {
    const clock = new LoopClock()
    try {
      const before = clock.blockedMs()
      const until = performance.now() + 400
      while (performance.now() < until) {
        // Holding the loop as a cycle compiling schemas would.
      }
      // Under load the loop may be held longer still; it was held at least this long.
      expect(clock.blockedMs() - before).toBeGreaterThanOrEqual(300)
    } finally {
      clock.stop()
    }
  })
})
