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
  it('certifies the bundled reference by default, in the full profile', () => {
    const config = parse('--seed', '5')
    expect(config).toMatchObject({ reference: true, rpc: null, profile: 'full', seed: 5, runs: 20, timeoutMs: 10_000, concurrency: 8, rate: null })
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
    expect(usageError('--rpc', 'http://n', '--profile', 'full')).toMatchInlineSnapshot(`"--profile full sends signed transactions: give --private-key or set L2CONF_PRIVATE_KEY"`)
    expect(usageError('--rpc', 'http://n', '--private-key', 'secretsecret')).toMatchInlineSnapshot(`"the private key must be 32 bytes of hex (64 hex digits, 0x optional)"`)
    expect(usageError('--rpc', 'http://n', '--concurrency', '0')).toMatchInlineSnapshot(`"--concurrency must be between 1 and 1024, got 0"`)
    expect(usageError('--rpc', 'http://n', '--header', 'no colon')).toMatchInlineSnapshot(`"--header must look like 'Name: value', got 'no colon'"`)
    expect(usageError('--bogus')).toMatchInlineSnapshot(`"Unknown option '--bogus'"`)
    expect(usageError('--reference', '--rpc', 'http://n')).toMatchInlineSnapshot(`"give either --reference or a target (--rpc, --server), not both"`)
  })
})
