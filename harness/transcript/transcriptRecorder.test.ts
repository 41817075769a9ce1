import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { textRedactor } from '../report/redact.js'
import type { RunConfig } from '../run/runConfig.js'
import type { Exchange } from '../transport/exchange.js'
import { runSecrets } from './runSecrets.js'
import { UnsolicitedFrames } from '../transport/transportHealth.js'
import { preloadUnsolicited } from './preloadUnsolicited.js'
import { readTranscriptFiles } from './readTranscript.js'
import { STREAMED_ANSWER_BYTES, TranscriptRecorder } from './transcriptRecorder.js'

const check = { id: 'rest./v2/treasury/tokens.shape', requirement: 'REST-SHAPE' as const, level: 'MUST' as const, title: 't' }

describe('TranscriptRecorder', () => {
  it('files exchanges by check, REST apart, and masks secrets as the reports do', () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2conf-recorder-'))
    const config = {
      headers: { Authorization: 'Bearer s3cr3t-t0ken-value' },
      privateKey: null,
      rpc: 'https://node.example/v3/9aa3d95b3bc440fa88ea12eaa4456161',
      ws: null,
      rest: null,
    } as unknown as RunConfig
    const recorder = new TranscriptRecorder(dir, textRedactor(runSecrets(config), ['internal-[a-z]+']))
    const rpc: Exchange = {
      transport: 'http',
      url: 'https://node.example/v3/***',
      request: { jsonrpc: '2.0', method: 'web3_clientVersion', params: [], id: 1 },
      response: { jsonrpc: '2.0', id: 1, result: 'node/internal-build echoing Bearer s3cr3t-t0ken-value and 9aa3d95b3bc440fa88ea12eaa4456161' },
      httpStatus: 200,
      headers: { 'content-type': 'application/json', date: 'Tue' },
      startedAt: 1,
      durationMs: 2,
    }
    const rest: Exchange = {
      transport: 'http',
      protocol: 'rest',
      url: 'http://api.example/api/v2/treasury/tokens',
      request: { method: 'GET', url: 'http://api.example/api/v2/treasury/tokens', headers: {} },
      response: { tokens: [] },
      httpStatus: 200,
      startedAt: 1,
      durationMs: 2,
    }
    recorder.exchange(rpc, check)
    recorder.exchange(rest, check)
    recorder.exchange(rpc, undefined)
    expect(readdirSync(join(dir, 'rpc')).sort()).toEqual(['_outside-checks.io', 'rest._v2_treasury_tokens.shape.io'])
    const text = readFileSync(join(dir, 'rpc', 'rest._v2_treasury_tokens.shape.io'), 'utf8')
    expect(text.split('\n')[0]).toBe('// l2conf-check {"check":"rest./v2/treasury/tokens.shape","requirement":"REST-SHAPE","level":"MUST"}')
    expect(text).not.toMatch(/s3cr3t|9aa3d95b|internal-build|date/)
    expect(text).toContain('[REDACTED]')
    expect(readFileSync(join(dir, 'rest', 'rest._v2_treasury_tokens.shape.rest'), 'utf8')).toContain('>> GET /api/v2/treasury/tokens')
  })

  it('streams a large answer, masked as a line is, keeping the file in order with what came meanwhile', async () => {
    const secret = 'Bearer s3cr3t-t0ken-value'
    const redact = textRedactor([secret])
    const answer = (id: number, blocks: number): Exchange => {
      const result = Array.from({ length: blocks }, (_, n) => ({
        number: `0x${n.toString(16)}`,
        extraData: `0x${'ab'.repeat(512)}`,
        note: n % 97 === 0 ? secret : 'x',
      }))
      const text = JSON.stringify({ jsonrpc: '2.0', id, result })
      return {
        transport: 'http',
        url: 'http://127.0.0.1:8545',
        request: { jsonrpc: '2.0', method: 'eth_getBlockRange', params: ['0x0', `0x${(blocks - 1).toString(16)}`, false], id },
        response: JSON.parse(text) as unknown,
        responseBytes: Buffer.byteLength(text),
        httpStatus: 200,
        startedAt: id,
        durationMs: 5,
      }
    }
    const streamedDir = mkdtempSync(join(tmpdir(), 'l2conf-recorder-'))
    const wholeDir = mkdtempSync(join(tmpdir(), 'l2conf-recorder-'))
    const large = answer(1, 3000)
    const small = answer(2, 1)
    expect(large.responseBytes).toBeGreaterThan(STREAMED_ANSWER_BYTES)
    const recorder = new TranscriptRecorder(streamedDir, redact)
    recorder.exchange(large, check)
    recorder.exchange(small, check)
    await recorder.flushed()
    // The same exchanges written whole, as lines (each under the streaming size).
    const whole = new TranscriptRecorder(wholeDir, redact)
    whole.exchange({ ...large, responseBytes: 1 }, check)
    whole.exchange(small, check)
    const file = join('rpc', 'rest._v2_treasury_tokens.shape.io')
    const text = readFileSync(join(streamedDir, file), 'utf8')
    expect(text).toBe(readFileSync(join(wholeDir, file), 'utf8').replace('"bytes":1}', `"bytes":${large.responseBytes}}`))
    expect(text).not.toContain('s3cr3t')
    const recorded = readTranscriptFiles(streamedDir)[0]!.entries
    expect(recorded.map((entry) => (entry.kind === 'exchange' ? entry.response : null))).toEqual(
      [large.response, small.response].map((r) => JSON.parse(redact(JSON.stringify(r)))),
    )
  })

  it('keeps the WebSocket frames nobody asked for, so check counts them again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2conf-recorder-'))
    const recorder = new TranscriptRecorder(dir, (text) => text)
    const live = new UnsolicitedFrames()
    live.onAdd = (kind, text, first) => recorder.unsolicited(kind, text, first)
    live.add('responses', '{"jsonrpc":"2.0","id":999,"result":"0x1"}', true)
    live.add('notifications', '{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"0x9"}}', true)
    live.add('responses', '{"jsonrpc":"2.0","id":1000,"result":"0x2"}', false)
    const again = new UnsolicitedFrames()
    preloadUnsolicited(readTranscriptFiles(dir), again)
    expect({ responses: again.responses, notifications: again.notifications }).toEqual({ responses: live.responses, notifications: live.notifications })
    expect(again.responses.count).toBe(2)
  })
})
