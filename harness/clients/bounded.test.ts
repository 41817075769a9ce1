import { expect, test } from 'vitest'
import { bounded, thrownText } from './bounded.js'

test('a call that returns, throws, or outlives its bound', async () => {
  expect(await bounded(1000, async () => 5)).toEqual({ value: 5 })
  const error = new TypeError('bad BigNumberish')
  expect(await bounded(1000, async () => Promise.reject(error))).toEqual({ error })
  const started = Date.now()
  expect(await bounded(50, () => new Promise(() => undefined))).toEqual({ timedOut: true })
  expect(Date.now() - started).toBeLessThan(1000)
})

test('what a library threw, verbatim and bounded, whatever it threw', () => {
  expect(thrownText(new TypeError('invalid BigNumberish\n  value="901"'))).toBe('TypeError: invalid BigNumberish value="901"')
  expect(thrownText('a string')).toBe('a string')
  expect(thrownText({ code: 3 })).toBe('{"code":3}')
  expect(thrownText(new Error('x'.repeat(2000))).length).toBeLessThan(700)
  const cyclic: Record<string, unknown> = {}
  cyclic.self = cyclic
  expect(thrownText(cyclic)).toBe('an unreadable exception')
})
