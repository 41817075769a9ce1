import { describe, expect, it } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import { parseDiffArgs } from './parseDiffArgs.js'

const defaults = { openrpc: 'openrpc.json', openapi: 'openapi.yaml' }

function refusal(argv: string[]): string {
  try {
    parseDiffArgs(argv, defaults)
  } catch (error) {
    if (isHarnessError(error, 'L2CONF_ERR_USAGE')) return error.message
    throw error
  }
  throw new Error('accepted')
}

describe('parseDiffArgs', () => {
  it('pairs the targets in order', () => {
    const config = parseDiffArgs(
      ['--rpc', 'http://a:1', '--rpc', 'http://b:2', '--ws', 'ws://a:1', '--ws', 'ws://b:2', '--seed', '9', '--only', 'eth_*'],
      defaults,
    )
    expect(config).toMatchObject({
      targets: [
        { rpc: 'http://a:1', ws: 'ws://a:1', rest: null },
        { rpc: 'http://b:2', ws: 'ws://b:2', rest: null },
      ],
      seed: 9,
      runs: 5,
      only: ['eth_*'],
    })
  })

  it('refuses anything but exactly two targets per transport', () => {
    expect(refusal(['--rpc', 'http://a:1'])).toMatch(/--rpc exactly twice/)
    expect(refusal([])).toMatch(/--rpc exactly twice/)
    expect(refusal(['--rpc', 'http://a:1', '--rpc', 'http://b:1', '--ws', 'ws://a:1'])).toMatch(/--ws exactly twice/)
  })

  it('refuses bad addresses and numbers', () => {
    expect(refusal(['--rpc', 'ws://a:1', '--rpc', 'http://b:1'])).toMatch(/http or https/)
    expect(refusal(['--rpc', 'http://a:1', '--rpc', 'nope'])).toMatch(/not a URL/)
    expect(refusal(['--rpc', 'http://a:1', '--rpc', 'http://b:1', '--timeout', '5'])).toMatch(/between 100/)
    expect(refusal(['--rpc', 'http://a:1', '--rpc', 'http://b:1', '--bogus'])).toMatch(/bogus/)
  })

  it('takes the TLS flags of run, refusing a --ca file it cannot read', () => {
    expect(parseDiffArgs(['--rpc', 'https://a', '--rpc', 'https://b', '--insecure'], defaults)).toMatchObject({ tls: { ca: null, insecure: true } })
    expect(refusal(['--rpc', 'https://a', '--rpc', 'https://b', '--ca', '/no/such/ca.pem'])).toMatch(/--ca: cannot read .*no such file/)
  })

  it('answers help', () => {
    expect(parseDiffArgs(['--help'], defaults)).toBe('help')
  })
})
