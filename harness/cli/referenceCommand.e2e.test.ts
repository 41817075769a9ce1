import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { request } from 'undici'
import { spawnCollecting, type CollectingChild } from '../../test/support/spawnCollecting.js'

const bin = fileURLToPath(new URL('../../bin/l2conf.js', import.meta.url))

/** `l2conf reference ...` as a user runs it, with its output collected. */
const l2confReference = (args: string[]): CollectingChild => spawnCollecting(process.execPath, [bin, 'reference', ...args])

async function answers(rpc: string): Promise<boolean> {
  try {
    const response = await request(rpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    })
    await response.body.dump()
    return response.statusCode === 200
  } catch {
    return false
  }
}

describe('l2conf reference', () => {
  it('runs the reference in the foreground and forwards SIGTERM once: exit 0', async () => {
    const run = l2confReference(['--port', '0', '--rest-port', '0'])
    const line = await run.ready
    const rpc = /rpc=(\S+)/.exec(line)?.[1] as string
    expect(await answers(rpc)).toBe(true)
    run.child.kill('SIGTERM')
    expect((await run.exit).code).toBe(0)
    expect(run.stderr()).toContain('SIGTERM: stopping')
    expect(run.stderr()).not.toContain('again')
    expect(await answers(rpc)).toBe(false)
  })

  it("returns the reference's exit code: 2 for a bad flag", async () => {
    const run = l2confReference(['--chain-id', 'x'])
    expect((await run.exit).code).toBe(2)
    expect(run.stderr()).toContain('--chain-id')
  })

  it('leaves no reference behind when it is killed outright', async () => {
    const run = l2confReference(['--port', '0', '--rest-port', '0'])
    const rpc = /rpc=(\S+)/.exec(await run.ready)?.[1] as string
    run.child.kill('SIGKILL')
    await run.exit
    await vi.waitFor(async () => expect(await answers(rpc)).toBe(false), { timeout: 15_000, interval: 200 })
  })
})
