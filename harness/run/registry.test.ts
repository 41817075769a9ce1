import { describe, expect, it } from 'vitest'
import { requirement } from '../requirements/requirement.js'
import { declareChecks, type DeclarationScope, type RequirementModule } from './registry.js'
import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import { leftOutChecks } from './undeclared.js'

describe('declareChecks: the checks the requirements declare, known without vitest and without a target', () => {
  const openrpc = { method: (name: string) => (name === 'eth_chainId' ? {} : undefined) } as unknown as OpenRpcSpec
  const scope = { config: { openrpc: '/specs/openrpc.json' }, openrpc } as unknown as DeclarationScope
  const run = async (): Promise<void> => undefined
  const order = requirement({ id: 'RANGE-ORDER', level: 'MUST', text: 'blocks ascend', section: '4.2' })
  const errors = requirement({ id: 'RPC-ERRORS', level: 'SHOULD', text: 'error codes', section: '7' })
  const limits = requirement({ id: 'LIMITS', level: 'INFO', text: 'limits measured', section: '8' })

  it("declares each requirement's checks in order, at its level, with its text as the default title, their needs and options", () => {
    const requirements: RequirementModule[] = [
      {
        row: order,
        checks: () => [
          { id: 'a.one', needs: { ws: true }, waits: true, run },
          { id: 'a.two', title: 'two', run },
        ],
      },
      { row: errors, checks: () => [{ id: 'b.one', title: 'three', run }] },
      { row: limits, checks: () => [{ id: 'c.one', title: 'four', needs: { discover: true }, alone: true, run }] },
    ]
    const declared = declareChecks(requirements, scope)
    expect(declared.errors).toEqual([])
    expect(declared.checks.map((c) => [c.spec.id, c.spec.requirement, c.spec.level, c.spec.title])).toEqual([
      ['a.one', 'RANGE-ORDER', 'MUST', 'blocks ascend'],
      ['a.two', 'RANGE-ORDER', 'MUST', 'two'],
      ['b.one', 'RPC-ERRORS', 'SHOULD', 'three'],
      ['c.one', 'LIMITS', 'INFO', 'four'],
    ])
    expect(declared.checks[0]).toMatchObject({ needs: { ws: true }, options: { waits: true } })
    expect(declared.checks[1]).toMatchObject({ needs: {}, options: {} })
    expect(declared.checks[3]).toMatchObject({ needs: { discover: true }, options: { alone: true } })
  })

  it('a check states its level when its row lists several, and one the row does not list is refused', () => {
    const several = requirement({ id: 'EXPOSURE', level: 'MUST', levels: ['MUST', 'SHOULD'], text: 'no wallet', section: '4.3' })
    const declared = declareChecks(
      [
        {
          row: several,
          checks: () => [
            { id: 'e.must', run },
            { id: 'e.should', level: 'SHOULD', run },
          ],
        },
        { row: order, checks: () => [{ id: 'f.should', level: 'SHOULD', run }] },
      ],
      scope,
    )
    expect(declared.checks.map((c) => [c.spec.id, c.spec.level])).toEqual([
      ['e.must', 'MUST'],
      ['e.should', 'SHOULD'],
    ])
    expect(declared.errors).toEqual(['requirements/RANGE-ORDER: the check f.should is declared SHOULD, a level RANGE-ORDER does not have (MUST)'])
  })

  it('leaves out a check whose methods the spec does not describe, and says why', () => {
    const requirements: RequirementModule[] = [
      {
        row: order,
        checks: () => [
          { id: 'd.described', calls: ['eth_chainId'], run },
          { id: 'd.lacking', calls: ['eth_chainId', 'eth_getBlockRange'], run },
        ],
      },
    ]
    expect(declareChecks(requirements, scope).checks.map((c) => c.spec.id)).toEqual(['d.described'])
    expect(leftOutChecks(openrpc)).toEqual([{ id: 'd.lacking', reason: 'the openrpc.json given has no eth_getBlockRange' }])
  })

  it('names a requirement that throws and keeps the others; refuses a second check with the same id', () => {
    const requirements: RequirementModule[] = [
      {
        row: order,
        checks: () => {
          throw new Error('no schema "rangeBlock"')
        },
      },
      {
        row: errors,
        checks: () => [
          { id: 'y.one', run },
          { id: 'y.one', title: 'again', run },
        ],
      },
      { row: limits, checks: () => [{ id: 'z.one', run }] },
    ]
    const declared = declareChecks(requirements, scope)
    expect(declared.checks.map((c) => c.spec.id)).toEqual(['z.one'])
    expect(declared.errors).toEqual(['requirements/RANGE-ORDER: no schema "rangeBlock"', 'requirements/RPC-ERRORS: two checks are declared with the id y.one'])
  })

  it("declares the bundled requirements' checks for the bundled specs: ids unique, every check with its requirement's level", async () => {
    const { catalogue } = await import('../requirements/index.js')
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
    const first = declareChecks(catalogue, { config, openrpc, openapi })
    expect(first.errors).toEqual([])
    expect(first.checks.length).toBeGreaterThan(100)
    // A second run (a fleet's next target) declares the same checks afresh.
    expect(declareChecks(catalogue, { config, openrpc, openapi }).checks.map((c) => c.spec.id)).toEqual(first.checks.map((c) => c.spec.id))
    expect(
      first.checks
        .filter((c) => c.options.last === true)
        .map((c) => c.spec.id)
        .sort(),
    ).toEqual(['subscribe.unsolicited-notifications', 'ws.unsolicited-responses'])
    expect(first.checks.filter((c) => c.options.alone === true).every((c) => c.spec.requirement === 'LIMITS')).toBe(true)
  })
})
