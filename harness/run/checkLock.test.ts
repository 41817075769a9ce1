import { describe, expect, test } from 'vitest'
import { CheckLock } from './checkLock.js'

/** A check body the test ends by hand, recording when it started. */
function gated(log: string[], name: string): { body: () => Promise<void>; end: () => void } {
  let end!: () => void
  const ended = new Promise<void>((resolve) => (end = resolve))
  return {
    body: async () => {
      log.push(`start ${name}`)
      await ended
      log.push(`end ${name}`)
    },
    end: () => end(),
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('CheckLock', () => {
  test('checks run beside each other; one that runs alone waits for them, and the checks after it wait for it', async () => {
    const lock = new CheckLock()
    const log: string[] = []
    const a = gated(log, 'a')
    const b = gated(log, 'b')
    const alone = gated(log, 'limits')
    const c = gated(log, 'c')
    const runs = [lock.run(false, a.body), lock.run(false, b.body), lock.run(true, alone.body), lock.run(false, c.body)]
    await tick()
    expect(log).toEqual(['start a', 'start b'])
    expect(lock.running).toBe(2)
    a.end()
    await tick()
    expect(log).toEqual(['start a', 'start b', 'end a'])
    b.end()
    await tick()
    expect(log.slice(3)).toEqual(['end b', 'start limits'])
    expect(lock.running).toBe(1)
    alone.end()
    await tick()
    expect(log.slice(5)).toEqual(['end limits', 'start c'])
    c.end()
    await Promise.all(runs)
    expect(lock.running).toBe(0)
  })

  test('a check that throws gives its turn back', async () => {
    const lock = new CheckLock()
    await expect(lock.run(true, async () => { throw new Error('judge threw') })).rejects.toThrow('judge threw')
    await expect(lock.run(true, async () => 'ran')).resolves.toBe('ran')
    expect(lock.running).toBe(0)
  })
})
