import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { MethodHolds } from '../transport/methodHolds.js'
import { runChecks, skipReason } from './engine.js'
import type { CheckDeclaration, CheckOptions, CheckNeeds } from './registry.js'
import type { RunContext } from './runContext.js'
import type { RunConfig } from './runConfig.js'

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

function contextFor(config: Partial<RunConfig> = {}): RunContext {
  return {
    config: {
      strict: false,
      maxFailures: null,
      maxTimeMs: 60_000,
      concurrency: 8,
      profile: 'read-only',
      only: [],
      skip: [],
      discover: true,
      rpc: 'http://127.0.0.1:9',
      ws: 'ws://127.0.0.1:9',
      rest: null,
      ...config,
    } as RunConfig,
    holds: new MethodHolds(),
    reproduce: () => 'curl',
  } as unknown as RunContext
}

/** A timeline of what ran when: `start id` and `end id`, in the order they happened. */
function recorder() {
  const events: string[] = []
  const inFlight = new Set<string>()
  let most = 0
  const check = (id: string, ms: number, options: CheckOptions = {}, outcome: 'pass' | 'fail' = 'pass', needs: CheckNeeds = {}): CheckDeclaration => ({
    spec: { id, requirement: 'RANGE-ORDER', level: 'MUST', title: id },
    needs,
    options,
    body: async (probe) => {
      events.push(`start ${id}`)
      inFlight.add(id)
      most = Math.max(most, inFlight.size)
      await sleep(ms)
      inFlight.delete(id)
      events.push(`end ${id}`)
      if (outcome === 'fail') probe.fail(`${id} failed`)
    },
  })
  return { events, check, most: () => most, inFlight }
}

describe('runChecks: the engine runs declared checks side by side, in declared order', () => {
  it('starts waiting checks first, runs the foreground side by side, measuring checks alone, run-level checks last', async () => {
    const r = recorder()
    const checks = [
      r.check('f1', 40),
      r.check('alone1', 10, { alone: true }),
      r.check('f2', 40),
      r.check('wait1', 150, { waits: true }),
      r.check('last1', 5, { last: true }),
      r.check('f3', 40),
    ]
    const outcome = await runChecks(checks, contextFor({ concurrency: 2 }), { progress: null })
    expect(outcome).toMatchObject({ interrupted: null, stopped: null })
    expect(outcome.results.map((x) => x.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed', 'passed'])
    const at = (event: string): number => r.events.indexOf(event)
    expect(at('start wait1')).toBe(0)
    // Two foreground checks at a time (--concurrency 2), the third once one has ended.
    expect(at('start f2')).toBeLessThan(at('end f1'))
    expect(at('start f3')).toBeGreaterThan(Math.min(at('end f1'), at('end f2')))
    // The measuring check with no other foreground check beside it; the waiting one goes on.
    expect(at('start alone1')).toBeGreaterThan(Math.max(at('end f1'), at('end f2'), at('end f3')))
    expect(at('start alone1')).toBeLessThan(at('end wait1'))
    // The run-level check after everything else.
    expect(at('start last1')).toBeGreaterThan(at('end wait1'))
  })

  it('starts the foreground checks with the longest chains of round trips first, in declared order otherwise', async () => {
    const r = recorder()
    const checks = [
      r.check('short1', 5),
      r.check('long', 5, { chain: 20 }),
      r.check('short2', 5),
      r.check('middle', 5, { chain: 8 }),
      r.check('short3', 5, { chain: 1 }),
    ]
    await runChecks(checks, contextFor({ concurrency: 1 }), { progress: null })
    expect(r.events.filter((event) => event.startsWith('start'))).toEqual(['start long', 'start middle', 'start short1', 'start short2', 'start short3'])
  })

  it('never has more foreground checks in flight than --concurrency; 1 runs them one after another', async () => {
    const wide = recorder()
    await runChecks(
      Array.from({ length: 10 }, (_, i) => wide.check(`c${i}`, 10)),
      contextFor({ concurrency: 3 }),
      { progress: null },
    )
    expect(wide.most()).toBe(3)
    const narrow = recorder()
    await runChecks(
      Array.from({ length: 5 }, (_, i) => narrow.check(`c${i}`, 5)),
      contextFor({ concurrency: 1 }),
      { progress: null },
    )
    expect(narrow.most()).toBe(1)
  })

  it("in the full profile runs the checks that send from the run's key one after another; in read-only side by side", async () => {
    const full = recorder()
    await runChecks([full.check('s1', 30, { waits: true, sends: true }), full.check('s2', 30, { waits: true, sends: true })], contextFor({ profile: 'full' }), {
      progress: null,
    })
    expect(full.events).toEqual(['start s1', 'end s1', 'start s2', 'end s2'])
    const readOnly = recorder()
    await runChecks([readOnly.check('s1', 30, { waits: true, sends: true }), readOnly.check('s2', 30, { waits: true, sends: true })], contextFor(), {
      progress: null,
    })
    expect(readOnly.most()).toBe(2)
  })

  it('in the full profile starts the checks that read what the run sends once every check that sends has ended, and a foreground check that sends holds no place meanwhile', async () => {
    const full = recorder()
    await runChecks(
      [
        full.check('live', 5, { afterSends: true }),
        full.check('blocked', 30, { sends: true }),
        full.check('plain', 5),
        full.check('s1', 30, { waits: true, sends: true }),
      ],
      contextFor({ profile: 'full', concurrency: 1 }),
      { progress: null },
    )
    // plain runs while the lane (s1, then blocked) sends; live only after both have ended.
    expect(full.events.indexOf('start plain')).toBeLessThan(full.events.indexOf('end s1'))
    expect(full.events.indexOf('start live')).toBeGreaterThan(full.events.indexOf('end blocked'))
    expect(full.events.indexOf('start live')).toBeGreaterThan(full.events.indexOf('end s1'))
    const readOnly = recorder()
    await runChecks([readOnly.check('live', 20, { afterSends: true }), readOnly.check('s1', 20, { waits: true, sends: true })], contextFor(), {
      progress: null,
    })
    expect(readOnly.most()).toBe(2)
  })

  it('skips deselected checks and those whose needs the run lacks, with the reason, and never runs them', async () => {
    const r = recorder()
    const checks = [r.check('a.one', 1), r.check('b.one', 1), r.check('c.rest', 1, {}, 'pass', { rest: true })]
    const outcome = await runChecks(checks, contextFor({ skip: ['b.*'] }), { progress: null })
    expect(outcome.results.map((x) => [x.id, x.status, x.message])).toEqual([
      ['b.one', 'skipped', 'skipped by --skip b.*'],
      ['c.rest', 'skipped', 'the run has no --rest address'],
      ['a.one', 'passed', ''],
    ])
    expect(r.events).toEqual(['start a.one', 'end a.one'])
    expect(skipReason(checks[2]!, contextFor().config)).toBe('the run has no --rest address')
  })

  it('--max-failures stops starting checks: the run says why, the checks still running are provisional', async () => {
    const r = recorder()
    const checks = [r.check('bad', 5, {}, 'fail'), r.check('slow', 300), r.check('never', 5)]
    const outcome = await runChecks(checks, contextFor({ concurrency: 2, maxFailures: 1 }), { progress: null })
    expect(outcome.stopped).toBe('the run stopped after 1 failed check (--fail-fast)')
    expect(outcome.results.map((x) => [x.id, x.status])).toEqual([
      ['bad', 'failed'],
      ['slow', 'failed'],
    ])
    expect(outcome.results[1]!.message).toBe('the check did not complete')
    expect(r.events).not.toContain('start never')
  })

  it('an abort (a signal) and --max-time end the run at once, saying why', async () => {
    const aborting = new AbortController()
    const r = recorder()
    const running = runChecks([r.check('long', 5_000)], contextFor(), { progress: null, signal: aborting.signal })
    await sleep(20)
    aborting.abort('interrupted by SIGINT')
    const outcome = await running
    expect(outcome.interrupted).toBe('interrupted by SIGINT')
    expect(outcome.results).toMatchObject([{ id: 'long', status: 'failed', message: 'the check did not complete' }])
    const timed = await runChecks([recorder().check('long', 5_000)], contextFor({ maxTimeMs: 50 }), { progress: null })
    expect(timed.interrupted).toBe('stopped by --max-time after 0.05 s')
  })

  it('fails a check that runs past its time-out, as one that did not complete; a body that throws fails, never passes', async () => {
    const r = recorder()
    const throwing: CheckDeclaration = {
      ...r.check('throws', 1),
      body: async () => {
        throw new Error('boom')
      },
    }
    const outcome = await runChecks([r.check('stuck', 5_000), throwing], contextFor(), { progress: null, checkTimeoutMs: 50 })
    expect(outcome.results.map((x) => [x.id, x.status])).toEqual([
      ['throws', 'failed'],
      ['stuck', 'failed'],
    ])
    expect(outcome.results[1]!.message).toBe('the check did not complete: it ran past its time-out of 0.05 s')
    expect(outcome.results[0]!.message).toContain('boom')
  })

  it('prints each check as it ends: a line per check that did not pass when not on a terminal', async () => {
    const r = recorder()
    const lines: string[] = []
    await runChecks([r.check('ok', 1), r.check('bad', 1, {}, 'fail')], contextFor(), { progress: { tty: false, write: (text) => lines.push(text) } })
    expect(lines).toEqual(['FAILED RANGE-ORDER bad: bad failed\n'])
  })
})

describe('runChecks against a target that stops answering', () => {
  it('ends the run once the JSON-RPC transport is judged silent: the checks not yet started are never run, the run says when and after what', async () => {
    const { RunHealth } = await import('../transport/transportHealth.js')
    const health = new RunHealth()
    const context = { ...contextFor({ concurrency: 1 }), health } as unknown as RunContext
    const r = recorder()
    const dying: CheckDeclaration = {
      ...r.check('dies', 1),
      body: async (probe) => {
        const exchange: Exchange = {
          transport: 'http',
          url: 'http://127.0.0.1:9',
          request: { method: 'eth_feeHistory' },
          startedAt: 5,
          durationMs: 0,
          failure: { code: 'L2CONF_ERR_UNREACHABLE', message: 'connect ECONNREFUSED' },
        }
        health.http.noConnection('eth_feeHistory: connect ECONNREFUSED', async () => false, exchange)
        probe.add([{ kind: 'no-answer', message: 'no usable answer', exchange }])
      },
    }
    const outcome = await runChecks([r.check('before', 1), dying, r.check('after', 1)], context, { progress: null })
    expect(outcome.targetStopped).toMatchObject({ at: 5, evidence: 'eth_feeHistory: connect ECONNREFUSED' })
    expect(outcome.interrupted).toMatch(/^the target stopped answering at 1970-01-01T00:00:00.005Z: eth_feeHistory: connect ECONNREFUSED$/)
    // The check whose request went unanswered is still running when the run is cut: provisional (not-run once completed), never failed.
    expect(outcome.results.map((x) => [x.id, x.status, x.message])).toEqual([
      ['before', 'passed', ''],
      ['dies', 'failed', 'the check did not complete'],
    ])
    expect(r.events).not.toContain('start after')
  })
})
