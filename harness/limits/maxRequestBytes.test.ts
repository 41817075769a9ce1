import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { HttpTransport } from '../transport/httpTransport.js'
import { searchBudget } from './largestAccepted.js'
import { BODY_HINTS, maxRequestBytes } from './maxRequestBytes.js'
import { paddedRequestFloor } from './paddedRequest.js'
import { limitedTargetServer, syntheticExchange } from '../../test/servers/limitedTarget.js'
import { testTransportOptions } from '../../test/servers/limitsTransportOptions.js'

const MiB = 1024 * 1024

describe('maxRequestBytes', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  it('finds a 5 MiB body limit over HTTP (413 or a closed connection past it) in two requests, never sending the 16 MiB cap', async () => {
    const server = await limitedTargetServer({ head: 0, maxRange: null, maxBytes: 5 * MiB })
    close = server.close
    const http = new HttpTransport(server.url, testTransportOptions())
    const sizes: number[] = []
    const measured = await maxRequestBytes({ cap: 16 * MiB, sendRaw: (text) => (sizes.push(text.length), http.sendRaw(text)) })
    await http.close()
    expect(measured.value).toBe(5 * MiB)
    expect(measured.requests).toBe(2)
    expect(sizes).toEqual([5 * MiB, 5 * MiB + 1])
    expect(measured.note).toMatch(/^a request body of up to 5242880 bytes is answered; 5242881 bytes: /)
  })

  it('finds a limit no hint names', async () => {
    const server = await limitedTargetServer({ head: 0, maxRange: null, maxBytes: 123_457 })
    close = server.close
    const http = new HttpTransport(server.url, testTransportOptions())
    const measured = await maxRequestBytes({ cap: 16 * MiB, sendRaw: (text) => http.sendRaw(text) })
    await http.close()
    expect(measured.value).toBe(123_457)
    expect(measured.requests).toBeLessThanOrEqual(searchBudget(paddedRequestFloor(1), 16 * MiB, BODY_HINTS.length))
  })

  it('reports ">=cap" for a target without a body limit, after the hints under the cap and the cap', async () => {
    const server = await limitedTargetServer({ head: 0, maxRange: null })
    close = server.close
    const http = new HttpTransport(server.url, testTransportOptions())
    const measured = await maxRequestBytes({ cap: 2 * MiB, sendRaw: (text) => http.sendRaw(text) })
    await http.close()
    expect(measured).toMatchObject({ value: `>=${2 * MiB}`, requests: 3 })
  })

  it('property: for any body limit below the cap it finds exactly that limit within its budget', async () => {
    const floor = paddedRequestFloor(1)
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: floor, max: 64 * 1024 }), fc.integer({ min: floor - 1, max: 64 * 1024 }), async (cap, maxBytes) => {
        const measured = await maxRequestBytes({ cap, sendRaw: async (text) => syntheticExchange({ head: 0, maxRange: null, maxBytes }, text, true) })
        expect(measured.value).toBe(maxBytes >= cap ? `>=${cap}` : maxBytes < floor ? null : maxBytes)
        expect(measured.requests).toBeLessThanOrEqual(searchBudget(floor, cap, BODY_HINTS.length))
      }),
      { numRuns: 100 },
    )
  })
})
