import { describe, expect, it } from 'vitest'
import { backoffMs, BACKOFF_MAX_MS } from './backoff.js'
import { DowntimeTracker, type Downtime } from './downtimeTracker.js'

describe('DowntimeTracker', () => {
  it('says a downtime once when it starts and once when every channel is back', () => {
    const said: Downtime[] = []
    const tracker = new DowntimeTracker((downtime) => said.push(downtime))
    tracker.reachedOver('a', 'http', 0)
    tracker.failed('a', 'ws', 'closed', 1000)
    tracker.failed('a', 'http', 'refused', 1100)
    tracker.failed('a', 'ws', 'refused', 1500)
    tracker.reachedOver('a', 'ws', 3000)
    expect(tracker.isDown('a')).toBe(true)
    tracker.reachedOver('a', 'http', 4000)
    expect(said).toEqual([
      { target: 'a', start: 1000, end: null, reason: 'closed' },
      { target: 'a', start: 1000, end: 4000, reason: 'closed' },
    ])
    expect(tracker.ended.get('a')).toEqual({ count: 1, seconds: 3 })
    expect(tracker.ongoing()).toEqual([])
  })
})

describe('backoffMs', () => {
  it('doubles up to its bound', () => {
    expect([0, 1, 2, 3].map((n) => backoffMs(n, BACKOFF_MAX_MS, () => 1))).toEqual([500, 1000, 2000, 4000])
    expect(backoffMs(100, 10_000, () => 1)).toBe(10_000)
    expect(backoffMs(0, BACKOFF_MAX_MS, () => 0)).toBe(400)
  })
})
