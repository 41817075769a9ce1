import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import type { Exchange } from './exchange.js'
import { reproduceCommand } from './reproduce.js'

const base = { startedAt: 0, durationMs: 1 }

describe('reproduceCommand', () => {
  it('writes a curl line for JSON-RPC over HTTP, secrets as placeholders', () => {
    const exchange: Exchange = {
      ...base,
      transport: 'http',
      url: 'http://127.0.0.1:8545',
      request: { jsonrpc: '2.0', method: 'eth_call', params: [{ data: "0x'" }], id: 1 },
      secretHeaders: ['Authorization'],
    }
    expect(reproduceCommand(exchange)).toMatchInlineSnapshot(
      `"curl -sS -i -X POST -H 'Content-Type: application/json' -H "Authorization: $L2CONF_HEADER_1" --data-raw '{"jsonrpc":"2.0","method":"eth_call","params":[{"data":"0x'\\''"}],"id":1}' 'http://127.0.0.1:8545'"`,
    )
    expect(reproduceCommand(exchange, { secretHeaderNames: ['X-Api-Key', 'Authorization'] })).toContain(
      `-H "X-Api-Key: $L2CONF_HEADER_1" -H "Authorization: $L2CONF_HEADER_2"`,
    )
  })

  it('keeps raw probes raw, with their method and content type', () => {
    const exchange: Exchange = {
      ...base,
      transport: 'http',
      url: 'http://node/',
      request: '{"jsonrpc":',
      requestIsRaw: true,
      requestHeaders: { 'content-type': 'text/plain' },
    }
    expect(reproduceCommand(exchange)).toMatchInlineSnapshot(`"curl -sS -i -X POST -H 'Content-Type: text/plain' --data-raw '{"jsonrpc":' 'http://node/'"`)
    const health: Exchange = { ...base, transport: 'http', url: 'http://node/', request: '', requestIsRaw: true, httpMethod: 'GET' }
    expect(reproduceCommand(health)).toMatchInlineSnapshot(`"curl -sS -i -X GET -H 'Content-Type: application/json' 'http://node/'"`)
    const preflight: Exchange = {
      ...health,
      httpMethod: 'OPTIONS',
      requestHeaders: { 'content-type': 'application/json', origin: 'https://l2conf.invalid', 'access-control-request-method': 'POST' },
    }
    expect(reproduceCommand(preflight)).toMatchInlineSnapshot(
      `"curl -sS -i -X OPTIONS -H 'Content-Type: application/json' -H 'origin: https://l2conf.invalid' -H 'access-control-request-method: POST' 'http://node/'"`,
    )
  })

  it('writes a curl line for REST with the probe headers', () => {
    const exchange: Exchange = {
      ...base,
      transport: 'http',
      protocol: 'rest',
      url: 'http://svc/api/portfolio?addresses=0xa',
      request: { method: 'DELETE', url: 'http://svc/api/portfolio?addresses=0xa', headers: { Origin: 'https://x.org' } },
      secretHeaders: ['X-Api-Key'],
    }
    expect(reproduceCommand(exchange)).toMatchInlineSnapshot(
      `"curl -sS -i -X DELETE -H 'Origin: https://x.org' -H "X-Api-Key: $L2CONF_HEADER_1" 'http://svc/api/portfolio?addresses=0xa'"`,
    )
    expect(reproduceCommand({ ...exchange, request: { method: 'HEAD', url: 'http://svc/api/x', headers: {} } })).toBe(
      `curl -sS -I -H "X-Api-Key: $L2CONF_HEADER_1" 'http://svc/api/x'`,
    )
  })

  it('writes a wscat-style transcript for WebSocket, the answer or what went wrong', () => {
    const exchange: Exchange = {
      ...base,
      transport: 'ws',
      url: 'ws://127.0.0.1:8546',
      request: { jsonrpc: '2.0', method: 'eth_subscribe', params: ['newHeads'], id: 3 },
      response: { jsonrpc: '2.0', id: 3, result: '0xabc' },
      secretHeaders: ['Authorization'],
    }
    expect(reproduceCommand(exchange)).toMatchInlineSnapshot(`
      "wscat -c 'ws://127.0.0.1:8546' -H "Authorization: $L2CONF_HEADER_1"
      > {"jsonrpc":"2.0","method":"eth_subscribe","params":["newHeads"],"id":3}
      < {"jsonrpc":"2.0","id":3,"result":"0xabc"}"
    `)
    const timedOut: Exchange = {
      ...base,
      transport: 'ws',
      url: 'ws://node',
      request: '{bad',
      requestIsRaw: true,
      failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer within 100 ms' },
    }
    expect(reproduceCommand(timedOut)).toMatchInlineSnapshot(`
      "wscat -c 'ws://node'
      > {bad
      < (no answer: L2CONF_ERR_TIMEOUT: no answer within 100 ms)"
    `)
  })

  it('quotes so that a shell passes the body through unchanged', () => {
    const body = `{"a":"it's $HOME \`x\` \\"q\\" \\n"}`
    const line = reproduceCommand({ ...base, transport: 'http', url: 'http://node', request: body, requestIsRaw: true })
    const quoted = line.slice(line.indexOf('--data-raw ') + '--data-raw '.length, line.lastIndexOf(' '))
    expect(execFileSync('sh', ['-c', `printf %s ${quoted}`], { encoding: 'utf8' })).toBe(body)
  })
})
