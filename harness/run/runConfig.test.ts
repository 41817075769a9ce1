import { referenceOptions } from '../reference/referenceOptions.js'
import { describe, expect, it } from 'vitest'
import { parseRunArgs, type RunConfig } from './runConfig.js'

const defaults = { openrpc: '/specs/openrpc.json', openapi: '/specs/openapi.yaml', env: {} }
const parse = (...argv: string[]): RunConfig => {
  const config = parseRunArgs(argv, defaults)
  if (config === 'help') throw new Error('unexpected help')
  return config
}
const usageError = (...argv: string[]): string => {
  try {
    parseRunArgs(argv, defaults)
  } catch (error) {
    return (error as Error).message
  }
  return 'no error'
}

describe('parseRunArgs', () => {
  it('certifies the bundled reference only when asked, in the full profile with its development key', () => {
    const config = parse('--reference', '--seed', '5')
    expect(config).toMatchObject({ reference: true, rpc: null, profile: 'full', seed: 5, runs: 20, timeoutMs: 10_000, concurrency: 8, rate: null })
    expect(config.privateKey).toMatch(/^0x[0-9a-f]{64}$/)
  })
  it('refuses a run that names no target, saying how to name one', () => {
    expect(usageError('--seed', '5')).toMatch(/^no target: name the node to certify with --rpc URL \(or L2CONF_RPC\)[^]*--reference/)
  })
  it('lets the test path (implicitTarget reference) certify the bundled reference without a target', () => {
    const config = parseRunArgs([], { ...defaults, implicitTarget: 'reference' })
    expect(config).toMatchObject({ reference: true, rpc: null, profile: 'full' })
  })
  it('makes the bundled reference a live chain with --block-time, and only the bundled reference', () => {
    expect(parse('--reference').blockTime).toBeNull()
    expect(parse('--reference', '--block-time', '2', '--profile', 'read-only')).toMatchObject({ blockTime: 2, profile: 'read-only' })
    expect(usageError('--rpc', 'http://127.0.0.1:8545', '--block-time', '1')).toMatch(
      /--block-time makes the bundled reference a live chain: it goes with --reference/,
    )
    expect(usageError('--reference', '--block-time', '0')).toMatch(/block-time/)
  })
  it('pins the bundled reference to --port and --rest-port, free ports by default, and only the bundled reference', () => {
    expect(parse('--reference').referencePorts).toEqual({ rpc: 0, rest: 0 })
    expect(parse('--reference', '--port', '18545', '--rest-port', '13000').referencePorts).toEqual({ rpc: 18545, rest: 13000 })
    expect(referenceOptions(parse('--reference', '--port', '18545'))).toEqual({ ports: { rpc: 18545, rest: 0 } })
    expect(usageError('--rpc', 'http://127.0.0.1:8545', '--port', '8546')).toMatch(/--port is where the bundled reference listens: it goes with --reference/)
    expect(usageError('--reference', '--rest-port', '70000')).toMatch(/--rest-port must be between 0 and 65535/)
  })
  it('is read-only against a remote target unless told otherwise', () => {
    expect(parse('--rpc', 'https://rpc.example.org').profile).toBe('read-only')
  })
  it('collects repeated flags and keeps header values apart from their names', () => {
    const config = parse('--rpc', 'http://n', '--only', 'RANGE-*', '--only', 'GAS-*', '--header', 'Authorization: Bearer abc', '--header', 'X-Key:1')
    expect(config.only).toEqual(['RANGE-*', 'GAS-*'])
    expect(config.headers).toEqual({ Authorization: 'Bearer abc', 'X-Key': '1' })
  })
  it('takes the private key from the environment, normalised', () => {
    const config = parseRunArgs(['--rpc', 'http://n', '--profile', 'full'], { ...defaults, env: { L2CONF_PRIVATE_KEY: 'AB'.repeat(32) } })
    expect(config !== 'help' && config.privateKey).toBe(`0x${'ab'.repeat(32)}`)
  })
  it('says what is wrong with bad flags, in one line, never echoing a key', () => {
    expect(usageError('--rpc', 'ftp://x')).toMatchInlineSnapshot(`"--rpc must be a http or https URL, got 'ftp://x'"`)
    expect(usageError('--rpc', 'http://n', '--profile', 'write')).toMatchInlineSnapshot(`"--profile is read-only or full, got 'write'"`)
    expect(usageError('--rpc', 'http://n', '--profile', 'full')).toMatchInlineSnapshot(
      `"--profile full sends signed transactions: give --private-key or set L2CONF_PRIVATE_KEY"`,
    )
    expect(usageError('--rpc', 'http://n', '--private-key', 'secretsecret')).toMatchInlineSnapshot(
      `"the private key must be 32 bytes of hex (64 hex digits, 0x optional)"`,
    )
    expect(usageError('--rpc', 'http://n', '--concurrency', '0')).toMatchInlineSnapshot(`"--concurrency must be between 1 and 1024, got 0"`)
    expect(usageError('--rpc', 'http://n', '--header', 'no colon')).toMatchInlineSnapshot(`"--header must look like 'Name: value', got 'no colon'"`)
    expect(usageError('--bogus')).toMatchInlineSnapshot(`"Unknown option '--bogus'"`)
    expect(usageError('--reference', '--rpc', 'http://n')).toMatchInlineSnapshot(`"give either --reference or a target (--rpc, --server), not both"`)
  })
})

describe('parseRunArgs: the L2CONF_* environment', () => {
  const withEnv = (env: NodeJS.ProcessEnv, ...argv: string[]): RunConfig => {
    const config = parseRunArgs(argv, { ...defaults, env })
    if (config === 'help') throw new Error('unexpected help')
    return config
  }
  const envError = (env: NodeJS.ProcessEnv, ...argv: string[]): string => {
    try {
      parseRunArgs(argv, { ...defaults, env })
    } catch (error) {
      return (error as Error).message
    }
    return 'no error'
  }
  it('reads every flag from its variable, with the same defaults', () => {
    const config = withEnv({
      L2CONF_RPC: 'http://node:8545',
      L2CONF_WS: 'ws://node:8546',
      L2CONF_REST: 'http://node:3000/api',
      L2CONF_PROFILE: 'read-only',
      L2CONF_SEED: '42',
      L2CONF_RUNS: '7',
      L2CONF_STRICT: '1',
      L2CONF_ONLY: 'RANGE-*,GAS-*',
      L2CONF_MAX_TIME: '30',
      L2CONF_NO_DISCOVER: 'true',
      L2CONF_HEADER: 'Authorization: Bearer abc\nX-Key: 1',
      L2CONF_REPORT_DIR: 'out',
    })
    expect(config).toMatchObject({
      rpc: 'http://node:8545',
      ws: 'ws://node:8546',
      rest: 'http://node:3000/api',
      reference: false,
      profile: 'read-only',
      seed: 42,
      runs: 7,
      strict: true,
      only: ['RANGE-*', 'GAS-*'],
      maxTimeMs: 30_000,
      discover: false,
      reportDir: 'out',
      timeoutMs: 10_000,
      concurrency: 8,
    })
    expect(config.headers).toEqual({ Authorization: 'Bearer abc', 'X-Key': '1' })
  })
  it('lets flags win over the environment, a flag target replacing the whole environment target', () => {
    expect(withEnv({ L2CONF_SEED: '42', L2CONF_RPC: 'http://a' }, '--seed', '9').seed).toBe(9)
    const reference = withEnv({ L2CONF_RPC: 'http://a', L2CONF_WS: 'ws://a' }, '--reference')
    expect(reference).toMatchObject({ reference: true, rpc: null, ws: null })
  })
  it('refuses a bad value naming the variable, never turning it into NaN', () => {
    expect(envError({ L2CONF_RPC: 'http://a', L2CONF_SEED: 'abc' })).toBe("L2CONF_SEED takes a whole number, got 'abc'")
    expect(envError({ L2CONF_RPC: 'http://a', L2CONF_RUNS: '0' })).toBe('L2CONF_RUNS must be between 1 and 100000, got 0')
    expect(envError({ L2CONF_RPC: 'http://a', L2CONF_STRICT: 'maybe' })).toBe("L2CONF_STRICT must be 1 or true (or 0 or false), got 'maybe'")
    expect(envError({ L2CONF_RPC: 'not a url' })).toBe("L2CONF_RPC is not a URL: 'not a url'")
    expect(envError({ L2CONF_RPC: 'http://a', L2CONF_PROFILE: 'write' })).toBe("L2CONF_PROFILE is read-only or full, got 'write'")
  })
  it('never echoes a URL password in an error', () => {
    expect(envError({ L2CONF_RPC: 'ftp://me:hunter22@node' })).not.toContain('hunter22')
  })
})

describe('parseRunArgs: the CI flags', () => {
  it('reads --format, --fail-fast / --max-failures, --quiet, the output paths, --shard and --targets, and their variables', () => {
    expect(parse('--rpc', 'http://n', '--format', 'json', '--fail-fast', '-q', '--junit', 'j.xml', '--shard', '2/3')).toMatchObject({
      format: 'json',
      maxFailures: 1,
      quiet: true,
      outputs: { junit: 'j.xml', json: null, html: null },
      shard: { index: 2, count: 3 },
    })
    const env = { L2CONF_MAX_FAILURES: '5', L2CONF_HTML: 'r.html', L2CONF_SHARD: '1/2', L2CONF_QUIET: '1' }
    expect(parseRunArgs(['--rpc', 'http://n'], { ...defaults, env })).toMatchObject({
      maxFailures: 5,
      outputs: { html: 'r.html' },
      shard: { index: 1, count: 2 },
      quiet: true,
    })
    expect(parse('--targets', 'fleet.yaml')).toMatchObject({ targets: 'fleet.yaml', reference: false, profile: 'read-only', privateKey: null })
    // A job's L2CONF_RPC (the gate's target) gives way to --targets, as to any target named by a flag.
    expect(parseRunArgs(['--targets', 'fleet.yaml'], { ...defaults, env: { L2CONF_RPC: 'http://n', L2CONF_WS: 'ws://n' } })).toMatchObject({
      targets: 'fleet.yaml',
      rpc: null,
      ws: null,
    })
  })
  it('refuses bad values with exit-2 messages naming the flag or variable', () => {
    expect(usageError('--rpc', 'http://n', '--format', 'xml')).toBe("--format is text or json, got 'xml'")
    expect(usageError('--rpc', 'http://n', '--shard', '4/3')).toMatch(/^--shard takes i\/n with 1 <= i <= n <= 64/)
    expect(usageError('--rpc', 'http://n', '--shard', '0/3')).toMatch(/^--shard takes i\/n/)
    expect(usageError('--rpc', 'http://n', '--max-failures', '0')).toMatch(/^--max-failures must be between 1/)
    expect(usageError('--rpc', 'http://n', '--fail-fast', '--max-failures', '3')).toMatch(
      /--fail-fast stops at the first failure; it contradicts --max-failures 3/,
    )
    expect(usageError('--rpc', 'http://n', '--targets', 'f.yaml')).toMatch(/names every target itself/)
    const bad = (() => {
      try {
        parseRunArgs(['--rpc', 'http://n'], { ...defaults, env: { L2CONF_SHARD: 'x' } })
      } catch (e) {
        return (e as Error).message
      }
      return ''
    })()
    expect(bad).toMatch(/^L2CONF_SHARD takes i\/n/)
  })
})
