import { describe, expect, test } from 'vitest'
import { MethodHolds } from './methodHolds.js'

const call = (method: string) => ({ jsonrpc: '2.0', id: 1, method, params: [] })
const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('MethodHolds', () => {
  test('nothing held: every request may go at once', () => {
    expect(new MethodHolds().blocking(call('rollup_getInfo'))).toBeNull()
  })

  test("another's request calling a held method waits until the holder is done; the holder's own and other methods pass", async () => {
    const holds = new MethodHolds()
    const order: string[] = []
    let finish!: () => void
    const held = holds.hold(['rollup_getInfo'], async () => {
      expect(holds.blocking(call('rollup_getInfo'))).toBeNull()
      await new Promise<void>((resolve) => (finish = resolve))
      order.push('holder done')
    })
    // Taken as soon as hold() is called, before its body's first await.
    expect(holds.blocking(call('rollup_getInfo'))).not.toBeNull()
    expect(holds.blocking(call('eth_chainId'))).toBeNull()
    const other = holds.whenFree(call('rollup_getInfo')).then(() => order.push('other sent'))
    await tick()
    expect(order).toEqual([])
    finish()
    await Promise.all([held, other])
    expect(order).toEqual(['holder done', 'other sent'])
    expect(holds.blocking(call('rollup_getInfo'))).toBeNull()
  })

  test('a batch holding the method, and raw text naming it, wait too', async () => {
    const holds = new MethodHolds()
    let finish!: () => void
    const held = holds.hold(['rollup_getInfo'], () => new Promise<void>((resolve) => (finish = resolve)))
    expect(holds.blocking([call('eth_chainId'), call('rollup_getInfo')])).not.toBeNull()
    expect(holds.blocking(JSON.stringify(call('rollup_getInfo')))).not.toBeNull()
    expect(holds.blocking('{"method": "eth_chainId"}')).toBeNull()
    finish()
    await held
  })

  test('a second holder of the same method waits for the first, and the holds end when the holder throws', async () => {
    const holds = new MethodHolds()
    const order: string[] = []
    const first = holds.hold(['m'], async () => {
      await tick()
      order.push('first')
      throw new Error('judge threw')
    })
    const second = holds.hold(['m'], async () => {
      order.push('second')
    })
    await expect(first).rejects.toThrow('judge threw')
    await second
    expect(order).toEqual(['first', 'second'])
    expect(holds.blocking(call('m'))).toBeNull()
  })
})
