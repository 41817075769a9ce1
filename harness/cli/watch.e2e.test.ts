import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import { refusedUrl } from '../../test/servers/throwawayServer.js'
import { startFaultyFront, type FaultyFront, type FrontFaults } from '../../test/watch/faultyFront.js'
import { runWatch, sample, type WatchRun } from '../../test/watch/runWatch.js'
import type { WatchEvent } from '../watch/watchEvent.js'

// Short intervals and durations: each watch runs for seconds, side by side, against one live reference.
const CYCLE = ['--interval', '2', '--stall', '3', '--poll', '1', '--only', 'standard.net_version.examples']

let reference: ReferenceHandle
const fronts: FaultyFront[] = []
beforeAll(async () => {
  reference = await startReference({ args: ['--block-time', '1'] })
}, 60_000)
afterAll(async () => {
  for (const front of fronts) await front.close()
  await reference?.stop()
})

async function front(faults: FrontFaults): Promise<FaultyFront> {
  const started = await startFaultyFront({ rpc: reference.rpc, ws: reference.ws }, faults)
  fronts.push(started)
  return started
}

const has = (check: string) => (events: WatchEvent[]) => events.some((e) => e.check === check)
const cycles = (n: number) => (events: WatchEvent[]) => events.filter((e) => e.kind === 'cycle').length >= n

const violations = (run: WatchRun): Array<[string | undefined, string | undefined]> =>
  run.events.filter((e) => e.kind === 'violation' || e.kind === 'check-failing').map((e) => [e.requirement, e.check])

describe.concurrent('l2conf watch', () => {
  it('watches the correct live reference, alone and through a clean front as a second node, and finds nothing', async () => {
    const clean = await front({})
    const run = await runWatch(
      [
        '--rpc',
        reference.rpc,
        '--ws',
        reference.ws,
        '--rpc',
        clean.rpc,
        '--ws',
        clean.ws,
        '--name',
        'node-a',
        '--name',
        'node-b',
        ...CYCLE,
        '--duration',
        '60',
      ],
      { stopWhen: cycles(3) },
    )
    expect(run.stderr).not.toMatch(/could not/)
    expect(violations(run)).toEqual([])
    expect(run.code).toBe(0)
    expect(run.summary).toMatchObject({ verdict: 'pass', exitCode: 0, requirements: {}, downtimes: [] })
    expect(run.summary!.cycles.count).toBeGreaterThanOrEqual(2)
    expect(sample(run.metrics, 'l2conf_newheads_total')).toBeGreaterThan(0)
    expect(sample(run.metrics, 'l2conf_check_status', { check: 'standard.net_version.examples' })).toBe(1)
    expect(sample(run.metrics, 'l2conf_requirement_failing', { requirement: 'RPC-WS' })).toBe(0)
    expect(sample(run.metrics, 'l2conf_violations_total')).toBeUndefined()
    expect(sample(run.metrics, 'l2conf_announced_block_served_seconds_count')).toBeGreaterThan(0)
    // Two nodes of one chain: each announce is measured against the first, and they agree on every hash.
    for (const target of ['node-a', 'node-b']) expect(sample(run.metrics, 'l2conf_block_announce_delay_seconds_count', { target })).toBeGreaterThan(0)
    expect(sample(run.metrics, 'l2conf_nodes_disagree_total')).toBe(0)
    expect(sample(run.metrics, 'l2conf_head_lag_blocks', { target: 'node-b' })).toBeLessThan(5)
  })

  it('names an HTTP replica 2 s behind WebSocket under RPC-WS', async () => {
    const broken = await front({ httpBehindMs: 2000 })
    const run = await runWatch(['--rpc', broken.rpc, '--ws', broken.ws, ...CYCLE, '--duration', '60'], { stopWhen: has('readback.served') })
    expect(violations(run)).toContainEqual(['RPC-WS', 'readback.served'])
    const event = run.events.find((e) => e.check === 'readback.served')!
    expect(event).toMatchObject({ level: 'MUST', source: 'readback' })
    expect(event.reproduce).toMatch(/^curl .*eth_getBlockByNumber/)
    expect(event.exchange).toMatchObject({ response: { result: null } })
    expect(sample(run.metrics, 'l2conf_violations_total', { requirement: 'RPC-WS', source: 'readback' })).toBeGreaterThan(0)
    expect(sample(run.metrics, 'l2conf_requirement_failing', { requirement: 'RPC-WS' })).toBe(1)
    expect(run.code).toBe(1)
  })

  it('names a head alternating between two replicas under RPC-STANDARD', async () => {
    const broken = await front({ alternateBehindBlocks: 3 })
    const run = await runWatch(['--rpc', broken.rpc, '--ws', broken.ws, ...CYCLE, '--duration', '60'], { stopWhen: has('poll.head-back') })
    expect(violations(run)).toContainEqual(['RPC-STANDARD', 'poll.head-back'])
    expect(sample(run.metrics, 'l2conf_head_regressions_total', { transport: 'http' })).toBeGreaterThan(0)
    expect(sample(run.metrics, 'l2conf_violations_total', { requirement: 'RPC-STANDARD', source: 'poll' })).toBeGreaterThan(0)
    expect(run.code).toBe(1)
  })

  it('names newHeads that stop under RPC-SUBSCRIBE', async () => {
    const broken = await front({ newHeadsStopAfter: 2 })
    const run = await runWatch(['--rpc', broken.rpc, '--ws', broken.ws, ...CYCLE, '--duration', '60'], { stopWhen: has('newheads.stopped') })
    expect(violations(run)).toContainEqual(['RPC-SUBSCRIBE', 'newheads.stopped'])
    expect(sample(run.metrics, 'l2conf_newheads_stalls_total')).toBeGreaterThan(0)
    expect(sample(run.metrics, 'l2conf_violations_total', { requirement: 'RPC-SUBSCRIBE', source: 'newheads' })).toBeGreaterThan(0)
    expect(run.code).toBe(1)
  })

  it('logs a check that starts failing in the third cycle, once, against the cycle before', async () => {
    const broken = await front({ netVersionBrokenFrom: 3 })
    const run = await runWatch(['--rpc', broken.rpc, ...CYCLE, '--duration', '60'], { stopWhen: cycles(4) })
    const failing = run.events.filter((e) => e.kind === 'check-failing')
    expect(failing).toHaveLength(1)
    expect(failing[0]).toMatchObject({ check: 'standard.net_version.examples', requirement: 'RPC-STANDARD', level: 'MUST', cycle: 3 })
    expect(failing[0]!.message).toMatch(/passed in the cycle before/)
    expect(sample(run.metrics, 'l2conf_check_status', { check: 'standard.net_version.examples' })).toBe(0)
    expect(sample(run.metrics, 'l2conf_requirement_failing', { requirement: 'RPC-STANDARD' })).toBe(1)
    expect(run.code).toBe(1)
  })

  it('says a target that goes away and comes back once, with its start and end, and goes on', async () => {
    const flaky = await front({})
    const run = await runWatch(['--rpc', flaky.rpc, '--ws', flaky.ws, ...CYCLE, '--duration', '60'], {
      during: () => void setTimeout(() => flaky.goDown(2500), 2000),
      stopWhen: (events) => events.some((e) => e.kind === 'downtime-end') && cycles(1)(events.slice(events.findIndex((e) => e.kind === 'downtime-end'))),
    })
    const downtime = run.events.filter((e) => e.kind === 'downtime-start' || e.kind === 'downtime-end')
    expect(downtime.map((e) => e.kind)).toEqual(['downtime-start', 'downtime-end'])
    expect(downtime[1]!.durationS).toBeGreaterThan(0)
    expect(sample(run.metrics, 'l2conf_downtimes_total')).toBe(1)
    expect(sample(run.metrics, 'l2conf_target_up')).toBe(1)
    expect(violations(run)).toEqual([])
    expect(run.code).toBe(0)
  })

  it('ends with exit 3 when the target was never reachable', async () => {
    const nowhere = await refusedUrl()
    const run = await runWatch(['--rpc', nowhere, ...CYCLE, '--duration', '3'])
    expect(run.code).toBe(3)
    expect(run.summary).toMatchObject({ verdict: 'unreachable', exitCode: 3 })
    expect(sample(run.metrics, 'l2conf_target_up')).toBe(0)
  })

  it('refuses bad usage with exit 2 before watching', async () => {
    const run = await runWatch(['--rpc', reference.rpc, '--only', 'NO-SUCH-*', '--duration', '3'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/NO-SUCH/)
  })
})
