import { describe, expect, test } from 'vitest'
import { reportedDuration } from './cliRun.js'

describe('reportedDuration', () => {
  test('reads the summary line of a whole run, of a run with skipped checks, and of a run past a minute', () => {
    expect(reportedDuration('164 passed, 0 failed in 7.0 s\n')).toBe(7000)
    expect(reportedDuration('4 passed, 0 failed, 160 skipped in 2.3 s\n')).toBe(2300)
    expect(reportedDuration('150 passed, 2 failed, 1 known failure, 3 inconclusive, 2 not run, 9 skipped in 1 min 4 s')).toBe(64000)
    expect(reportedDuration('l2conf run: Unknown option')).toBeNull()
  })
})
