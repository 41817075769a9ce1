import { describe, expect, it } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import { startReference } from './startReference.js'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('startReference', () => {
  it("rejects with L2CONF_ERR_UNREACHABLE and the child's stderr when it exits before it is ready", async () => {
    const error: unknown = await startReference({ args: ['--no-such-flag'] }).catch((caught: unknown) => caught)
    expect(isHarnessError(error, 'L2CONF_ERR_UNREACHABLE')).toBe(true)
    const { message, details } = error as { message: string; details: { stderr: string } }
    expect(message).toMatch(/^the bundled reference did not start: it exited with code 2/)
    expect(details.stderr).toContain('--no-such-flag')
    expect(message).toContain(details.stderr)
  })

  it('rejects when no ready line comes in time, and leaves no process behind', async () => {
    const error: unknown = await startReference({ timeoutMs: 1 }).catch((caught: unknown) => caught)
    expect(isHarnessError(error, 'L2CONF_ERR_UNREACHABLE')).toBe(true)
    expect((error as Error).message).toMatch(/no ready line within 1 ms/)
    const { pid } = (error as { details: { pid: number } }).details
    expect(isAlive(pid)).toBe(false)
  })
})
