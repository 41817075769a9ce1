import { describe, expect, it, vi } from 'vitest'
import { main, parseReferenceFlags, usage } from './main.js'

describe('parseReferenceFlags', () => {
  it('has the documented defaults', () => {
    expect(parseReferenceFlags([])).toEqual({ host: '127.0.0.1', port: 8545, restPort: 3000, node: { chainId: 901 } })
  })

  it('reads every flag', () => {
    expect(
      parseReferenceFlags([
        '--host',
        '0.0.0.0',
        '--port',
        '0',
        '--rest-port',
        '0',
        '--chain-id',
        '902',
        '--history',
        '5',
        '--l1-rpc',
        'http://127.0.0.1:8545',
        '--datadir',
        '/tmp/x',
        '--l2-gas-price',
        '0x3b9aca00',
      ]),
    ).toEqual({
      host: '0.0.0.0',
      port: 0,
      restPort: 0,
      node: { chainId: 902, history: 5, l1Rpc: 'http://127.0.0.1:8545/', datadir: '/tmp/x', l2GasPrice: 1_000_000_000n },
    })
    expect(parseReferenceFlags(['--port=0', '--l2-gas-price=7'])).toMatchObject({ port: 0, node: { l2GasPrice: 7n } })
    expect(parseReferenceFlags(['-h'])).toBe('help')
    expect(parseReferenceFlags(['--tls-cert', 'cert.pem', '--tls-key', 'key.pem'])).toMatchObject({ tls: { certFile: 'cert.pem', keyFile: 'key.pem' } })
    expect(parseReferenceFlags(['--block-time', '2'])).toMatchObject({ node: { blockTime: 2 } })
    expect(parseReferenceFlags(['--state-history', '16'])).toMatchObject({ node: { stateHistory: 16 } })
  })

  it('refuses what it cannot use, naming the flag', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--nope'], /Unknown option '--nope'/],
      [['--port', '65536'], /--port: expected an integer from 0 to 65535/],
      [['--port', '-1'], /--port/],
      [['--rest-port', '1e3'], /--rest-port/],
      [['--chain-id', '0'], /--chain-id/],
      [['--history', 'many'], /--history/],
      [['--l1-rpc', 'ftp://x'], /--l1-rpc: expected an http\(s\) URL/],
      [['--l1-rpc', 'not a url'], /--l1-rpc: not a URL/],
      [['--l2-gas-price', '1.5'], /--l2-gas-price/],
      [['--port'], /argument missing/],
      [['--block-time', '0'], /--block-time: expected an integer from 1 to 3600/],
      [['--block-time', '0.5'], /--block-time/],
      [['--state-history', '0'], /--state-history: expected an integer from 1/],
      [['--tls-cert', 'cert.pem'], /--tls-cert and --tls-key go together/],
      [['--tls-key', 'key.pem'], /--tls-cert and --tls-key go together/],
      [['extra'], /Unexpected argument 'extra'/],
    ]
    for (const [argv, message] of cases) expect(() => parseReferenceFlags(argv), argv.join(' ')).toThrowError(message)
  })
})

describe('usage', () => {
  it('lists the flags, the ten development accounts and the limits', () => {
    const text = usage()
    for (const flag of [
      '--host',
      '--port',
      '--rest-port',
      '--chain-id',
      '--history',
      '--l1-rpc',
      '--datadir',
      '--l2-gas-price',
      '--tls-cert',
      '--tls-key',
      '--block-time',
      '--state-history',
      '--help',
    ])
      expect(text).toContain(flag)
    expect(text).toContain('(9) 0xa0Ee7A142d267C1f36714E4a8F75612F20a79720  key 0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6')
    expect(text).toContain('request body 5 MiB (HTTP 413), batch 1000 requests (-32600)')
  })
})

describe('main', () => {
  it('exits 2 with one clear line when the TLS files cannot be read, before starting anything', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      expect(await main(['--tls-cert', '/nonexistent/cert.pem', '--tls-key', '/nonexistent/key.pem'])).toBe(2)
      expect(stderr.mock.calls.map((call) => String(call[0])).join('')).toBe('l2conf reference: --tls-cert: cannot read /nonexistent/cert.pem: no such file\n')
    } finally {
      stderr.mockRestore()
    }
  })
})
