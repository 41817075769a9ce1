import { describe, expect, it } from 'vitest'
import { BROKEN_ENVELOPES_TO_UNUSABLE, OVERSIZED_ANSWERS_TO_UNUSABLE, TransportHealth, UnsolicitedFrames } from './transportHealth.js'
import type { Exchange } from './exchange.js'

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('TransportHealth', () => {
  it('judges a transport unusable after broken envelopes in a row, keeping the first evidence, and tells its listeners once', () => {
    const health = new TransportHealth('http')
    const heard: string[] = []
    health.onUnusable((failure) => heard.push(failure.message))
    for (let index = 1; index < BROKEN_ENVELOPES_TO_UNUSABLE; index++) health.envelopeBroken(`answer ${index} carries id "${index}"`)
    expect(health.unusable).toBeUndefined()
    health.envelopeBroken('the last one')
    expect(health.unusable).toEqual({ code: 'L2CONF_ERR_UNUSABLE', message: expect.stringMatching(/^http is unusable: .*the first: answer 1 carries id "1"$/) })
    health.markUnusable('later evidence')
    expect(heard).toEqual([health.unusable?.message])
  })

  it('never condemns a transport for broken envelopes a sound answer interrupts (a gateway hiccup)', () => {
    const health = new TransportHealth('http')
    for (let round = 0; round < 10; round++) {
      for (let index = 1; index < BROKEN_ENVELOPES_TO_UNUSABLE; index++) health.envelopeBroken('odd answer')
      health.envelopeSound()
    }
    expect(health.unusable).toBeUndefined()
  })

  it('judges a transport unusable after oversized answers in a row, keeping the first evidence', () => {
    const health = new TransportHealth('http')
    for (let index = 1; index < OVERSIZED_ANSWERS_TO_UNUSABLE; index++) health.answerSized(`eth_blockNumber was answered with ${index} huge bytes`)
    expect(health.unusable).toBeUndefined()
    health.answerSized('the last one')
    expect(health.unusable?.message).toMatch(/^http is unusable: 3 answers in a row .* oversized .*the first: eth_blockNumber was answered with 1 huge bytes$/)
  })

  it('never condemns a transport for oversized answers an answer of a sensible size interrupts', () => {
    const health = new TransportHealth('http')
    for (let round = 0; round < 10; round++) {
      for (let index = 1; index < OVERSIZED_ANSWERS_TO_UNUSABLE; index++) health.answerSized('a large block')
      health.answerSized(null)
    }
    expect(health.unusable).toBeUndefined()
  })

  it('asks the liveness question after a time-out: an answer keeps the transport, none condemns it', async () => {
    const alive = new TransportHealth('ws')
    let asked = 0
    for (let index = 0; index < 5; index++) {
      alive.timedOut('eth_getBlockRange: no answer within 10000 ms', async () => {
        asked++
        return true
      })
      await settle()
    }
    expect(asked).toBe(5)
    expect(alive.unusable).toBeUndefined()

    const dead = new TransportHealth('ws')
    dead.timedOut('web3_clientVersion: no answer within 10000 ms', async () => false)
    await settle()
    expect(dead.unusable?.message).toMatch(
      /^ws is unusable: a request got no answer \(web3_clientVersion: no answer within 10000 ms\), and a liveness request got none/,
    )
  })

  it('asks one liveness question at a time, whatever the time-outs meanwhile', async () => {
    const health = new TransportHealth('rest')
    let asked = 0
    let answer: (alive: boolean) => void = () => undefined
    const question = (): Promise<boolean> => {
      asked++
      return new Promise((resolve) => (answer = resolve))
    }
    for (let index = 0; index < 8; index++) health.timedOut('GET /api: no answer', question)
    expect(asked).toBe(1)
    answer(true)
    await settle()
    expect(health.unusable).toBeUndefined()
  })

  it('says when and after which request the target stopped answering, and lets a check wait for the verdict', async () => {
    const health = new TransportHealth('http')
    let answer: (alive: boolean) => void = () => undefined
    const exchange: Exchange = { transport: 'http', url: 'http://127.0.0.1:9', request: { method: 'eth_feeHistory' }, startedAt: 1_000, durationMs: 0 }
    health.noConnection('eth_feeHistory: connect ECONNREFUSED', () => new Promise((resolve) => (answer = resolve)), exchange)
    let settled = false
    void health.settled().then(() => (settled = true))
    await settle()
    expect(settled).toBe(false)
    answer(false)
    await settle()
    expect(settled).toBe(true)
    expect(health.silence).toEqual({ kind: 'silent', at: 1_000, evidence: 'eth_feeHistory: connect ECONNREFUSED', exchange })
    // A transport condemned for its envelope is unusable, not silent.
    const broken = new TransportHealth('http')
    for (let index = 0; index < BROKEN_ENVELOPES_TO_UNUSABLE; index++) broken.envelopeBroken('id off by one')
    expect(broken.unusable).toBeDefined()
    expect(broken.silence).toBeUndefined()
    expect(broken.brokenEnvelope?.evidence).toBe(`${BROKEN_ENVELOPES_TO_UNUSABLE} answers in a row had a broken JSON-RPC envelope; the first: id off by one`)
  })
})

describe('UnsolicitedFrames', () => {
  it('counts a flood exactly, per connection, keeping only a few short samples', () => {
    const frames = new UnsolicitedFrames()
    for (let index = 0; index < 200_000; index++) frames.add('responses', `{"id":${index},"result":"${'x'.repeat(1000)}"}`, index === 0 || index === 100_000)
    expect(frames.responses.count).toBe(200_000)
    expect(frames.responses.connections).toBe(2)
    expect(frames.responses.samples.length).toBeLessThanOrEqual(3)
    expect(Math.max(...frames.responses.samples.map((sample) => sample.length))).toBeLessThanOrEqual(301)
    expect(frames.notifications.count).toBe(0)
  })
})
