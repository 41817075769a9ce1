import { describe, expect, it } from 'vitest'
import type { CheckResult } from '../report/result.js'
import { runsInBackground, settleBackgroundChecks, startInBackground } from './backgroundChecks.js'
import { RUN_CONFIG_ENV } from './configChannel.js'

const result = (id: string): CheckResult => ({ id, requirement: 'RPC-SUBSCRIBE', level: 'MUST', title: id, status: 'passed', message: '', durationMs: 0 })
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe('background checks', () => {
  it('run only under l2conf run (its config in the environment), in place under a plain vitest run', () => {
    expect(runsInBackground({ [RUN_CONFIG_ENV]: '{"rpc":"http://127.0.0.1:8545"}' })).toBe(true)
    expect(runsInBackground({})).toBe(false)
    expect(runsInBackground({ [RUN_CONFIG_ENV]: '' })).toBe(false)
    expect(runsInBackground({ [RUN_CONFIG_ENV]: '{"rpc":"http://127.0.0.1:8545","shard":{"index":2,"count":3}}' })).toBe(false)
  })

  it('run beside each other, except those that send from the key, which run one after another', async () => {
    const log: string[] = []
    const check = (id: string, ms: number) => async (): Promise<CheckResult> => {
      log.push(`${id} start`)
      await sleep(ms)
      log.push(`${id} end`)
      return result(id)
    }
    startInBackground('sends.a', check('sends.a', 40), true)
    startInBackground('waits', check('waits', 10), false)
    startInBackground('sends.b', check('sends.b', 10), true)
    const settled = await settleBackgroundChecks()
    expect(settled.map((r) => r.id)).toEqual(['sends.a', 'waits', 'sends.b'])
    // The waiting check overlaps the first sender; the second sender starts only after the first ended.
    expect(log.indexOf('waits start')).toBeLessThan(log.indexOf('sends.a end'))
    expect(log.indexOf('sends.b start')).toBeGreaterThan(log.indexOf('sends.a end'))
    expect(await settleBackgroundChecks()).toEqual([])
  })
})
