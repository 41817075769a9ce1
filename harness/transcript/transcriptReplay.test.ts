import { describe, expect, it } from 'vitest'
import { certify, type DeclaredCheck } from '../run/certify.js'
import { HttpTransport } from '../transport/httpTransport.js'
import { RequestGate } from '../transport/requestGate.js'
import type { TransportOptions } from '../transport/transportOptions.js'
import { WsTransport } from '../transport/wsTransport.js'
import { parseIo } from './ioFormat.js'
import { TranscriptReplay } from './transcriptReplay.js'

const spec: DeclaredCheck = { id: 'info.shape', requirement: 'INFO-SHAPE', level: 'MUST', title: 'rollup_getInfo shape' }

/** A transcript of one check, as `--record` writes it. */
function transcript(check: string, lines: string[]): TranscriptReplay {
  const parsed = parseIo(`rpc/${check}.io`, [`// l2conf-check {"check":"${check}"}`, ...lines].join('\n'))
  return new TranscriptReplay([{ path: `rpc/${check}.io`, ...parsed }])
}

function options(replay: TranscriptReplay): TransportOptions {
  return { timeoutMs: 2000, maxResponseBytes: 1 << 20, headers: {}, gate: new RequestGate({ concurrency: 4 }), replay }
}

const strict = { strict: false, reproduce: () => '' }

describe('TranscriptReplay', () => {
  it("answers a check's requests from its own recording, the next unused match in order, with the live ids", async () => {
    const replay = transcript('info.shape', [
      '>> {"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":7}',
      '<< {"jsonrpc":"2.0","id":7,"result":"0x1"}',
      '>> {"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":9}',
      '<< {"jsonrpc":"2.0","id":9,"result":"0x2"}',
    ])
    const http = new HttpTransport('http://127.0.0.1:9/', options(replay))
    const answers: unknown[] = []
    const result = await certify(
      spec,
      async () => {
        answers.push((await http.call('eth_blockNumber')).response, (await http.call('eth_blockNumber')).response)
      },
      strict,
    )
    expect(result.status).toBe('passed')
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x1' },
      { jsonrpc: '2.0', id: 2, result: '0x2' },
    ])
  })

  it('ends a request it has no answer for unsent: the check is not-run, naming the file and the request', async () => {
    const replay = transcript('info.shape', ['>> {"jsonrpc":"2.0","method":"rollup_getInfo","params":[],"id":1}', '<< {"jsonrpc":"2.0","id":1,"result":{}}'])
    const http = new HttpTransport('http://127.0.0.1:9/', options(replay))
    const result = await certify(
      spec,
      async (probe) => {
        const exchange = await http.call('rollup_gasPrices')
        if (exchange.failure !== undefined) probe.fail(exchange.failure.message, exchange)
      },
      strict,
    )
    expect(result.status).toBe('not-run')
    expect(result.message).toContain('the transcript has no recorded answer for this request (rpc/info.shape.io)')
    expect(result.message).toContain('rollup_gasPrices')
  })

  it("never answers a check from another check's recording", async () => {
    const replay = transcript('gas.shape', ['>> {"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1}', '<< {"jsonrpc":"2.0","id":1,"result":"0x1"}'])
    const http = new HttpTransport('http://127.0.0.1:9/', options(replay))
    const result = await certify(
      spec,
      async (probe) => {
        const exchange = await http.call('eth_chainId')
        if (exchange.failure !== undefined) probe.fail(exchange.failure.message, exchange)
      },
      strict,
    )
    expect(result.status).toBe('not-run')
  })

  it('replays a WebSocket subscription: its answer, then the notifications recorded after it', async () => {
    const replay = transcript('info.shape', [
      '// l2conf {"transport":"ws"}',
      '>> {"jsonrpc":"2.0","method":"eth_subscribe","params":["newHeads"],"id":3}',
      '<< {"jsonrpc":"2.0","id":3,"result":"0xfeed"}',
      '<< {"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"0xfeed","result":{"number":"0x5"}}}',
    ])
    const heads: unknown[] = []
    const result = await certify(
      spec,
      async () => {
        const ws = await WsTransport.connect('ws://127.0.0.1:9/', options(replay))
        const subscription = await ws.subscribe(['newHeads'])
        const next = await subscription.next(1000)
        heads.push(subscription.id, 'value' in next ? next.value : next)
        await ws.close()
      },
      strict,
    )
    expect(result.status).toBe('passed')
    expect(heads).toEqual(['0xfeed', { number: '0x5' }])
  })

  it('emits pushed frames in the order they were pushed, however close or far apart their due times', async () => {
    const socket = transcript('info.shape', []).openSocket()
    const seen: number[] = []
    socket.on('message', (frame: Buffer) => seen.push(Number(frame.toString())))
    // Later frames are due sooner (or at the same moment): each still waits for the one before. The
    // pushes come a few milliseconds apart within one turn of the event loop, whose cached clock
    // stands still meanwhile (as when a busy check's requests are answered one after another).
    const delays = [9, 5, 5, 1, 3, 3, 3, 1, 2, 1, 1, 1]
    delays.forEach((delay, index) => {
      const busyUntil = performance.now() + 3
      while (performance.now() < busyUntil) {
        // the worker is busy
      }
      socket.deliverLater(String(index), delay)
    })
    const until = Date.now() + 2000
    while (seen.length < delays.length && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5))
    expect(seen).toEqual(delays.map((_, index) => index))
  })
})
