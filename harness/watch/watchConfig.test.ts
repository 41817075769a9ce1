import { describe, expect, it } from 'vitest'
import { parseWatchArgs } from './watchConfig.js'

describe('parseWatchArgs', () => {
  it('pairs each --ws with its --rpc and names targets by host:port', () => {
    const config = parseWatchArgs([
      '--rpc',
      'http://127.0.0.1:8545',
      '--ws',
      'ws://127.0.0.1:8546',
      '--rpc',
      'http://127.0.0.1:9545',
      '--interval',
      '2',
      '--stall',
      '3',
    ])
    expect(config).toMatchObject({
      targets: [
        { name: '127.0.0.1:8545', rpc: 'http://127.0.0.1:8545', ws: 'ws://127.0.0.1:8546' },
        { name: '127.0.0.1:9545', rpc: 'http://127.0.0.1:9545', ws: null },
      ],
      intervalS: 2,
      stallS: 3,
      durationS: null,
      metrics: null,
    })
  })

  it.each([
    [[], /--rpc URL/],
    [['--rpc', 'ftp://x'], /--rpc must be a http or https URL/],
    [['--rpc', 'http://a:1', '--ws', 'ws://a:2', '--ws', 'ws://a:3'], /2 --ws for 1 --rpc/],
    [['--rpc', 'http://a:1', '--interval', '0'], /--interval must be a positive number/],
    [['--rpc', 'http://a:1', '--metrics-port', '70000'], /--metrics-port/],
    [['--rpc', 'http://a:1', '--rpc', 'http://a:1'], /two targets are named/],
    [['--rpc', 'http://a:1', '--bogus'], /bogus/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseWatchArgs(argv)).toThrow(message)
  })
})
