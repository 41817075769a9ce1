import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { HttpTransport } from '../transport/httpTransport.js'
import { maxResponseBytes } from './maxResponseBytes.js'
import { limitedTargetServer, syntheticExchange } from '../../test/servers/limitedTarget.js'
import { testTransportOptions } from '../../test/servers/limitsTransportOptions.js'

describe('maxResponseBytes', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  it('finds a response bound to the byte over HTTP, and says what it was refused with', async () => {
    const server = await limitedTargetServer({ head: 300, maxRange: 1000, maxResponseBytes: 123_457 })
    close = server.close
    const http = new HttpTransport(server.url, testTransportOptions())
    const measured = await maxResponseBytes({ head: 300, cap: 1_000_000, send: (body) => http.send(body) })
    await http.close()
    expect(measured.value).toBe(123_457)
    expect(measured.note).toMatch(
      /^answers of up to 123457 bytes are sent whole; 123458 bytes: \d+ of \d+ items answered an error, e.g. -32003 "response too large \(max 123457 bytes\)"; batches of eth_getBlockRange over 100 blocks/,
    )
  })

  it('finds geth 25,000,000 in the two probes of its hint, after the two that size the answers', async () => {
    const sizes: number[] = []
    const target = fatTarget({ blockBytes: 1200, serveRange: true, maxResponseBytes: 25_000_000 })
    const measured = await maxResponseBytes({
      head: 5000,
      cap: 32 * 1024 * 1024,
      send: async (body) => {
        const exchange = target(body)
        if (Array.isArray(body)) sizes.push(exchange.responseBytes ?? 0)
        return exchange
      },
    })
    expect(measured).toMatchObject({ value: 25_000_000, requests: 4 })
    // The 25,000,000-byte answer came whole; the batch built for one byte more got errors instead.
    expect(sizes).toHaveLength(2)
    expect(sizes[0]).toBe(25_000_000)
  })

  it('falls back to eth_getBlockByNumber when eth_getBlockRange is not served, and reports a lower bound past what 1000 items reach', async () => {
    const target = fatTarget({ blockBytes: 500, serveRange: false, maxResponseBytes: null })
    const measured = await maxResponseBytes({ head: 10, cap: 10_000_000, send: async (body) => target(body) })
    expect(measured.value).toMatch(/^>=\d+$/)
    expect(Number(String(measured.value).slice(2))).toBeGreaterThan(500_000)
    expect(measured.note).toContain('no larger one was asked for (the most 1000 items reach); batches of eth_getBlockByNumber(10, true)')
  })

  it('finds any bound between the smallest batch and the cap, to the byte (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 200, max: 400_000 }), async (bound) => {
        const target = { head: 150, maxRange: 1000, maxResponseBytes: bound }
        const measured = await maxResponseBytes({ head: 150, cap: 500_000, send: async (body) => syntheticBody(target, body) })
        expect(measured.value).toBe(bound)
      }),
      { numRuns: 25 },
    )
  })
})

/** The in-process target's exchange with the body size a transport would record. */
function syntheticBody(target: Parameters<typeof syntheticExchange>[0], body: unknown): ReturnType<typeof syntheticExchange> {
  const exchange = syntheticExchange(target, body)
  exchange.responseBytes = Buffer.byteLength(JSON.stringify(exchange.response))
  return exchange
}

/**
 * An in-process target with blocks of about `blockBytes` of JSON each, geth's response bound
 * (-32003 for the item that would pass it and every later one) and, when `serveRange` is false, no
 * eth_getBlockRange (-32601): answers of 25 MB are not worth a socket in a unit test.
 */
function fatTarget(options: { blockBytes: number; serveRange: boolean; maxResponseBytes: number | null }): (body: unknown) => Exchange {
  const block = (n: number): object => ({ number: `0x${n.toString(16)}`, extraData: `0x${'ab'.repeat(options.blockBytes / 2)}` })
  const answer = (request: { id?: unknown; method?: string; params?: unknown[] }): object => {
    const id = request.id ?? null
    if (request.method === 'eth_chainId') return { jsonrpc: '2.0', id, result: '0x385' }
    const params = (request.params ?? []) as string[]
    if (request.method === 'eth_getBlockByNumber') return { jsonrpc: '2.0', id, result: block(Number(params[0])) }
    if (request.method === 'eth_getBlockRange' && options.serveRange) {
      const [start, end] = [Number(params[0]), Number(params[1])]
      return { jsonrpc: '2.0', id, result: Array.from({ length: end - start + 1 }, (_, i) => block(start + i)) }
    }
    return { jsonrpc: '2.0', id, error: { code: -32601, message: 'the method does not exist/is not available' } }
  }
  const max = options.maxResponseBytes ?? Infinity
  const tooLarge = (request: { id?: unknown }): string =>
    JSON.stringify({ jsonrpc: '2.0', id: request.id ?? null, error: { code: -32003, message: 'response too large' } })
  return (body) => {
    let text: string
    if (!Array.isArray(body)) {
      text = JSON.stringify(answer(body as never))
      if (text.length > max) text = tooLarge(body as never)
    } else {
      const parts: string[] = []
      let used = 2
      for (const [index, item] of body.entries()) {
        const part = JSON.stringify(answer(item as never))
        if (used + part.length + (parts.length > 0 ? 1 : 0) > max) {
          parts.push(...body.slice(index).map((rest) => tooLarge(rest as never)))
          break
        }
        used += part.length + (parts.length > 0 ? 1 : 0)
        parts.push(part)
      }
      text = `[${parts.join(',')}]`
    }
    return {
      transport: 'http',
      url: 'http://target',
      request: body,
      httpStatus: 200,
      response: JSON.parse(text),
      responseBytes: text.length,
      startedAt: 0,
      durationMs: 0,
    }
  }
}
