import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDelayProxy, type DelayProxy } from '../../bench/delayProxy.js'
import { startReference, type ReferenceHandle } from '../../harness/reference/startReference.js'
import type { SweepCheckpoint } from '../../harness/sweep/sweepCheckpoint.js'
import type { SweepReport } from '../../harness/sweep/sweepReport.js'
import { sweepSchemaErrors } from '../../harness/sweep/sweepSchemaErrors.js'
import { runCli } from '../support/runCli.js'

const HISTORY = 120

let reference: ReferenceHandle
let slow: DelayProxy
let dir: string

const read = <T = SweepReport>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'l2conf-sweep-scale-'))
  reference = await startReference({ args: ['--history', String(HISTORY)] })
  const url = new URL(reference.rpc)
  // A slow link, so the sweep is still going when it is interrupted.
  slow = await startDelayProxy({ upstreamHost: url.hostname, upstreamPort: Number(url.port), roundTripMs: 100 })
}, 120_000)

afterAll(async () => {
  await slow?.close()
  await reference?.stop()
  await rm(dir, { recursive: true, force: true })
})

describe('l2conf sweep at scale', () => {
  it('sweeps in shards that l2conf merge joins into the whole sweep, and names a shard left out', async () => {
    const shard = (i: number) =>
      runCli(['sweep', '--rpc', reference.rpc, '--blocks', `0..${HISTORY}`, '--shard', `${i}/2`, '--report-dir', join(dir, `shard-${i}`), '--quiet'])
    const runs = await Promise.all([shard(1), shard(2)])
    for (const run of runs) expect(run.code, run.stderr).toBe(0)
    const parts = [1, 2].map((i) => read(join(dir, `shard-${i}`, 'report.json')))
    expect(parts.map((p) => p.covered.ranges)).toEqual([[[0, HISTORY / 2 - 1]], [[HISTORY / 2, HISTORY]]])

    const merged = await runCli(['merge', join(dir, 'shard-1'), join(dir, 'shard-2'), '--report-dir', join(dir, 'merged')])
    expect(merged.code, merged.stderr + merged.stdout).toBe(0)
    const whole = read(join(dir, 'merged', 'report.json'))
    expect(sweepSchemaErrors(whole)).toEqual([])
    expect(whole.covered.ranges).toEqual([[0, HISTORY]])
    expect(whole.covered.blocks).toBe(HISTORY + 1)
    expect(whole.shard).toBeNull()

    const half = await runCli(['merge', join(dir, 'shard-2'), '--report-dir', join(dir, 'half')])
    expect(half.code).toBe(1)
    expect(read(join(dir, 'half', 'report.json')).interrupted).toContain('shard 1/2 not given')
  })

  it('stops on SIGINT with a checkpoint, and --resume sweeps the rest only', async () => {
    const out = join(dir, 'resumed')
    const target = `http://127.0.0.1:${slow.port}`
    const args = ['sweep', '--rpc', target, '--blocks', `0..${HISTORY}`, '--window', '5', '--concurrency', '1', '--report-dir', out, '--quiet']
    const checkpoint = join(out, 'checkpoint.json')
    const stopped = await runCli(args, {
      onStart: (child) => {
        const poll = setInterval(() => {
          if (existsSync(checkpoint)) {
            clearInterval(poll)
            child.kill('SIGINT')
          }
        }, 50)
        child.once('exit', () => clearInterval(poll))
      },
    })
    expect(stopped.code, stopped.stderr).toBe(1)
    const partial = read(join(out, 'report.json'))
    expect(partial.verdict).toBe('interrupted')
    expect(partial.interrupted).toContain('--resume')
    const saved = read<SweepCheckpoint>(checkpoint)
    expect(saved.done).toBe(partial.covered.blocks)
    expect(saved.done).toBeGreaterThan(0)
    expect(saved.done).toBeLessThan(HISTORY + 1)

    const resumed = await runCli(['sweep', '--rpc', target, '--resume', '--window', '5', '--report-dir', out, '--quiet'])
    expect(resumed.code, resumed.stderr + resumed.stdout).toBe(0)
    const whole = read(join(out, 'report.json'))
    expect(whole.resumedAt).toBe(saved.done)
    expect(whole.covered.ranges).toEqual([[0, HISTORY]])
    expect(whole.covered.blocks).toBe(HISTORY + 1)

    const other = await runCli(['sweep', '--rpc', reference.rpc, '--resume', '--report-dir', out, '--quiet'])
    expect(other.code).toBe(2)
    expect(other.stderr).toContain('is of another sweep')
  })
})
