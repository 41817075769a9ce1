import { describe, expect, it } from 'vitest'
import { parseProxyArgs, type ProxyConfig } from './proxyConfig.js'

const parse = (argv: string[], env: NodeJS.ProcessEnv = {}): ProxyConfig => parseProxyArgs(argv, env) as ProxyConfig
const refusal = (argv: string[], env: NodeJS.ProcessEnv = {}): string => {
  try {
    parseProxyArgs(argv, env)
  } catch (error) {
    return (error as Error).message
  }
  return 'accepted'
}

describe('parseProxyArgs', () => {
  it('reads every flag, and each from its L2CONF_* variable; flags win', () => {
    expect(
      parse(['--upstream', 'http://node:8545', '--port', '0', '--header', 'Authorization: Bearer x'], {
        L2CONF_UPSTREAM: 'http://other:1',
        L2CONF_WS_UPSTREAM: 'ws://node:8546',
        L2CONF_REST_UPSTREAM: 'http://node:3000/api',
        L2CONF_REST_PORT: '9000',
        L2CONF_DURATION: '1.5',
        L2CONF_STRICT: '1',
        L2CONF_REDACT: 'sk_[a-z]+\nother',
      }),
    ).toMatchObject({
      upstream: 'http://node:8545',
      wsUpstream: 'ws://node:8546',
      restUpstream: 'http://node:3000/api',
      port: 0,
      restPort: 9000,
      durationS: 1.5,
      strict: true,
      headers: { Authorization: 'Bearer x' },
      redact: ['sk_[a-z]+', 'other'],
      host: '127.0.0.1',
      summaryEveryS: 60,
      forward: 'auto',
    })
    expect(parseProxyArgs(['--upstream', 'http://n', '--port', '1'], { L2CONF_FORWARD: 'http' })).toMatchObject({ forward: 'http' })
    expect(parseProxyArgs(['--help'], {})).toBe('help')
  })

  it('refuses what it cannot use before anything listens, naming the flag or variable', () => {
    expect(refusal(['--port', '1'])).toBe('name the node to stand in front of: --upstream URL (or L2CONF_UPSTREAM)')
    expect(refusal(['--upstream', 'http://n'])).toMatch(/^name the port clients will use/)
    expect(refusal(['--upstream', 'ftp://n', '--port', '1'])).toBe("--upstream must be a http or https URL, got 'ftp:'")
    expect(refusal(['--upstream', 'http://n', '--port', '1'], { L2CONF_WS_UPSTREAM: 'http://n' })).toBe(
      "L2CONF_WS_UPSTREAM must be a ws or wss URL, got 'http:'",
    )
    expect(refusal(['--upstream', 'http://n', '--port', '99999'])).toBe("--port must be a port number from 0 to 65535, got '99999'")
    expect(refusal(['--upstream', 'http://n', '--port', '1', '--rest-upstream', 'http://n/api'])).toBe(
      '--rest-upstream needs --rest-port P: REST is served on a port of its own',
    )
    expect(refusal(['--upstream', 'http://n', '--port', '1', '--duration', '0'])).toBe("--duration must be a positive number of seconds, got '0'")
    expect(refusal(['--upstream', 'http://n', '--port', '1', '--header', 'no colon'])).toMatch(/^--header must look like 'Name: value'/)
    expect(refusal(['--upstream', 'http://n', '--port', '1', '--redact', '.*'])).toBe("--redact '.*' matches the empty string")
    expect(refusal(['--upstream', 'http://n', '--port', '1', '--nope'])).toMatch(/^Unknown option '--nope'/)
    expect(refusal(['--upstream', 'http://n', '--port', '1', '--forward', 'tcp'])).toBe("--forward must be auto or http, got 'tcp'")
  })
})
