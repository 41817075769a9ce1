import { describe, expect, it } from 'vitest'
import { declareChecks, defineSuite, withLevel, type SuiteScope } from './registry.js'

describe("withLevel: a check is certified at its requirement's level", () => {
  it('fills the level in from the requirement table', () => {
    expect(withLevel({ id: 'range.order', requirement: 'RANGE-ORDER', title: 't' }).level).toBe('MUST')
    expect(withLevel({ id: 'errors.parse', requirement: 'RPC-ERRORS', title: 't' }).level).toBe('SHOULD')
    expect(withLevel({ id: 'limits.batch', requirement: 'LIMITS', title: 't' }).level).toBe('INFO')
  })
  it('accepts a stated level that agrees, and refuses one that does not', () => {
    expect(withLevel({ id: 'range.order', requirement: 'RANGE-ORDER', level: 'MUST', title: 't' }).level).toBe('MUST')
    expect(() => withLevel({ id: 'range.invalid.reversed', requirement: 'RANGE-INVALID', level: 'MUST', title: 't' })).toThrow(
      'check range.invalid.reversed states level MUST, but RANGE-INVALID is SHOULD',
    )
  })
})

describe('declareChecks: the checks of the suites, known without vitest and without a target', () => {
  const scope = {} as SuiteScope
  const body = async (): Promise<void> => undefined

  it("declares each suite's checks in order, with their levels, needs and options", () => {
    const suites = [
      defineSuite('a', (check) => {
        check({ id: 'a.one', requirement: 'RANGE-ORDER', title: 'one' }, { ws: true }, body, { waits: true })
        check({ id: 'a.two', requirement: 'RPC-ERRORS', title: 'two' }, {}, body)
      }),
      defineSuite('b', (check) => check({ id: 'b.one', requirement: 'LIMITS', title: 'three' }, { discover: true }, body, { alone: true })),
    ]
    const declared = declareChecks(suites, scope)
    expect(declared.errors).toEqual([])
    expect(declared.checks.map((c) => [c.spec.id, c.spec.level, c.suite])).toEqual([
      ['a.one', 'MUST', 'a'],
      ['a.two', 'SHOULD', 'a'],
      ['b.one', 'INFO', 'b'],
    ])
    expect(declared.checks[0]).toMatchObject({ needs: { ws: true }, options: { waits: true } })
  })

  it('names a suite that throws and keeps the others; refuses a second check with the same id', () => {
    const suites = [
      defineSuite('broken', (check) => {
        check({ id: 'x.one', requirement: 'RANGE-ORDER', title: 'one' }, {}, body)
        throw new Error('no schema "rangeBlock"')
      }),
      defineSuite('twice', (check) => {
        check({ id: 'y.one', requirement: 'RANGE-ORDER', title: 'one' }, {}, body)
        check({ id: 'y.one', requirement: 'RANGE-ORDER', title: 'again' }, {}, body)
      }),
      defineSuite('fine', (check) => check({ id: 'z.one', requirement: 'RANGE-ORDER', title: 'one' }, {}, body)),
    ]
    const declared = declareChecks(suites, scope)
    expect(declared.checks.map((c) => c.spec.id)).toEqual(['z.one'])
    expect(declared.errors).toEqual(['suites/broken: no schema "rangeBlock"', 'suites/twice: two checks are declared with the id y.one'])
  })

  it("declares the bundled suites for the bundled specs: ids unique, every check with its requirement's level", async () => {
    const { suites } = await import('../../suites/index.js')
    const { loadOpenRpc } = await import('../spec/loadOpenRpc.js')
    const { loadOpenApi } = await import('../spec/loadOpenApi.js')
    const { parseRunArgs } = await import('./runConfig.js')
    const root = new URL('../../', import.meta.url).pathname
    const config = parseRunArgs(['--rpc', 'http://127.0.0.1:9'], {
      openrpc: `${root}openrpc.json`,
      openapi: `${root}openapi.yaml`,
      env: {},
      implicitTarget: 'refuse',
    })
    if (config === 'help') throw new Error('unreachable')
    const [openrpc, openapi] = await Promise.all([
      loadOpenRpc(config.openrpc, { compile: 'on-first-use' }),
      loadOpenApi(config.openapi, { compile: 'on-first-use' }),
    ])
    const first = declareChecks(suites, { config, openrpc, openapi })
    expect(first.errors).toEqual([])
    expect(first.checks.length).toBeGreaterThan(100)
    // A second run (a fleet's next target) declares the same checks afresh.
    expect(declareChecks(suites, { config, openrpc, openapi }).checks.map((c) => c.spec.id)).toEqual(first.checks.map((c) => c.spec.id))
    expect(
      first.checks
        .filter((c) => c.options.last === true)
        .map((c) => c.spec.id)
        .sort(),
    ).toEqual(['subscribe.unsolicited-notifications', 'ws.unsolicited-responses'])
    expect(first.checks.filter((c) => c.options.alone === true).every((c) => c.spec.requirement === 'LIMITS')).toBe(true)
  })
})
