import { describe, expect, it } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import { ioExchangeLines, ioHeaderLine, ioNotificationLines, parseIo } from './ioFormat.js'
import type { RecordedExchange } from './recordedExchange.js'

const call: RecordedExchange = {
  kind: 'exchange',
  transport: 'http',
  request: { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 },
  response: { jsonrpc: '2.0', id: 1, result: '0x385' },
  httpStatus: 200,
  headers: { 'content-type': 'application/json' },
  durationMs: 1.25,
  at: 1_700_000_000_000,
  responseBytes: 40,
  line: 0,
}

function parse(text: string): ReturnType<typeof parseIo> {
  return parseIo('t.io', text)
}

function usageMessage(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (isHarnessError(error, 'L2CONF_ERR_USAGE')) return error.message
    throw error
  }
  throw new Error('no usage error')
}

describe('the .io transcript format', () => {
  it('writes an exchange as metadata, >> request, << response, and reads it back', () => {
    const text = [ioHeaderLine({ check: 'info.shape', requirement: 'INFO-SHAPE', level: 'MUST' }), ...ioExchangeLines(call)].join('\n')
    expect(text.split('\n')[2]).toBe('>> {"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1}')
    const parsed = parse(text)
    expect(parsed.header).toEqual({ check: 'info.shape', requirement: 'INFO-SHAPE', level: 'MUST' })
    expect(parsed.entries).toEqual([{ ...call, durationMs: 1.3, line: 2 }])
  })

  it('reads an execution-apis fixture as written: comments, then >> / << pairs, several per file', () => {
    const parsed = parse(
      [
        '// asks the block number',
        '// speconly: client response is only checked for schema validity.',
        '>> {"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}',
        '<< {"jsonrpc":"2.0","id":1,"result":"0x3"}',
        '>> {"jsonrpc":"2.0","id":2,"method":"eth_chainId"}',
        '<< {"jsonrpc":"2.0","id":2,"result":"0x1"}',
        '',
      ].join('\n'),
    )
    expect(parsed.header).toBeNull()
    expect(parsed.comments).toEqual(['asks the block number', 'speconly: client response is only checked for schema validity.'])
    expect(parsed.entries.map((e) => (e.kind === 'exchange' ? [e.line, e.response] : null))).toEqual([
      [3, { jsonrpc: '2.0', id: 1, result: '0x3' }],
      [5, { jsonrpc: '2.0', id: 2, result: '0x1' }],
    ])
  })

  it('keeps a raw request, a failure and a non-JSON answer in the metadata, with no << line', () => {
    const raw: RecordedExchange = {
      kind: 'exchange',
      transport: 'http',
      request: '{"jsonrpc":"2.0","method":',
      requestIsRaw: true,
      rawResponse: '<html>',
      httpStatus: 502,
      durationMs: 3,
      line: 0,
    }
    const failed: RecordedExchange = {
      kind: 'exchange',
      transport: 'ws',
      request: { jsonrpc: '2.0', method: 'eth_call', params: [], id: 4 },
      failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer within 10000 ms' },
      durationMs: 10_000,
      line: 0,
    }
    const lines = [...ioExchangeLines(raw), ...ioExchangeLines(failed)]
    expect(lines.filter((line) => line.startsWith('<<'))).toEqual([])
    const parsed = parse(lines.join('\n'))
    expect(parsed.entries).toEqual([
      { ...raw, line: 1 },
      { ...failed, line: 2 },
    ])
  })

  it('reads a << that answers no request as a pushed notification, where it arrived', () => {
    const subscribe: RecordedExchange = {
      kind: 'exchange',
      transport: 'ws',
      request: { jsonrpc: '2.0', method: 'eth_subscribe', params: ['newHeads'], id: 1 },
      response: { jsonrpc: '2.0', id: 1, result: '0xab' },
      durationMs: 1,
      line: 0,
    }
    const note = { jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0xab', result: { number: '0x2' } } }
    const parsed = parse([...ioExchangeLines(subscribe), ...ioNotificationLines(note, 42), `<< ${JSON.stringify(note)}`].join('\n'))
    expect(parsed.entries.map((e) => e.kind)).toEqual(['exchange', 'notification', 'notification'])
    expect(parsed.entries.slice(1)).toEqual([
      { kind: 'notification', message: note, at: 42, line: 5 },
      { kind: 'notification', message: note, line: 6 },
    ])
  })

  it('refuses a corrupt line with the file and line number', () => {
    expect(usageMessage(() => parse('>> {"jsonrpc":"2.0","id":1,"method":"eth_chainId"}\n<< {"jsonrpc":'))).toMatch(/^t\.io:2: the response is not JSON/)
    expect(usageMessage(() => parse('// fine\nGET / HTTP/1.1'))).toMatch(/^t\.io:2: not a transcript line/)
    expect(usageMessage(() => parse('<< {"jsonrpc":"2.0","id":1,"result":"0x1"}'))).toMatch(/^t\.io:1: a "<<" line that answers no ">>" request/)
    expect(usageMessage(() => parse('// l2conf {"transport":"smtp"}\n>> {}'))).toMatch(/^t\.io:1: transport is "smtp"/)
    expect(usageMessage(() => parse('// l2conf {"transport":"http"}\n// l2conf {"transport":"http"}'))).toMatch(
      /^t\.io:1: l2conf metadata with no ">>" request/,
    )
  })
})
