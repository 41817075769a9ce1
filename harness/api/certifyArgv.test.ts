import { describe, expect, it } from 'vitest'
import { parseRunArgs, type RunConfig } from '../run/runConfig.js'
import { certifyArgv } from './certifyArgv.js'

const parse = (argv: string[]): RunConfig => {
  const config = parseRunArgs(argv, { openrpc: '/o.json', openapi: '/o.yaml', env: {} })
  if (config === 'help') throw new Error('help')
  return config
}

describe('certifyArgv', () => {
  it('says in flags what the options say, so certify() and l2conf run share one parser', () => {
    const argv = certifyArgv({
      rpc: 'http://n:8545',
      only: ['RANGE-*', 'GAS-*'],
      seed: 42,
      maxTime: 60,
      header: { Authorization: 'Bearer x' },
      discover: false,
      failFast: true,
      shard: { index: 2, count: 3 },
      var: { host: 'a' },
    })
    expect(argv).toEqual([
      '--rpc',
      'http://n:8545',
      '--only',
      'RANGE-*',
      '--only',
      'GAS-*',
      '--seed',
      '42',
      '--max-time',
      '60',
      '--header',
      'Authorization: Bearer x',
      '--no-discover',
      '--fail-fast',
      '--shard',
      '2/3',
      '--var',
      'host=a',
    ])
    expect(parse(argv)).toMatchObject({
      rpc: 'http://n:8545',
      only: ['RANGE-*', 'GAS-*'],
      seed: 42,
      maxTimeMs: 60_000,
      headers: { Authorization: 'Bearer x' },
      discover: false,
      maxFailures: 1,
      shard: { index: 2, count: 3 },
    })
  })
  it('refuses an unknown option or a value of the wrong kind, naming it', () => {
    expect(() => certifyArgv({ rcp: 'http://n' } as never)).toThrow(/unknown option 'rcp'/)
    expect(() => certifyArgv({ only: 'RANGE-*' as never })).not.toThrow()
    expect(() => certifyArgv({ header: [1] as never })).toThrow(/'header' has a value of the wrong kind/)
  })
  it('leaves false booleans and undefined values out', () => {
    expect(certifyArgv({ reference: true, strict: false, ...({ rpc: undefined } as object) })).toEqual(['--reference'])
  })
})
