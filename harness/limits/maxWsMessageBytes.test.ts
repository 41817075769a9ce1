import { afterEach, describe, expect, it, vi } from 'vitest'
import { WsTransport } from '../transport/wsTransport.js'
import { maxWsMessageBytes } from './maxWsMessageBytes.js'
import { limitedTargetServer } from '../../test/servers/limitedTarget.js'
import { testTransportOptions } from '../../test/servers/limitsTransportOptions.js'

const MiB = 1024 * 1024

describe('maxWsMessageBytes', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  it('finds a 5 MiB message limit (the socket closed 1009 past it), closing the connection it opened', async () => {
    const server = await limitedTargetServer({ head: 0, maxRange: null, maxWsBytes: 5 * MiB })
    close = server.close
    const options = testTransportOptions()
    const opened: WsTransport[] = []
    const measured = await maxWsMessageBytes({
      cap: 16 * MiB,
      connect: async () => {
        const ws = await WsTransport.connect(server.wsUrl, options)
        opened.push(ws)
        return ws
      },
    })
    expect(measured.value).toBe(5 * MiB)
    expect(measured.requests).toBe(2)
    expect(measured.note).toMatch(/^a WebSocket message of up to 5242880 bytes is answered; 5242881 bytes: /)
    expect(opened).toHaveLength(1)
    await vi.waitFor(() => expect(server.sockets.size).toBe(0))
  })

  it('reports ">=cap" without a message limit, and nothing when no connection opens', async () => {
    const server = await limitedTargetServer({ head: 0, maxRange: null })
    close = server.close
    const options = testTransportOptions()
    expect(await maxWsMessageBytes({ cap: MiB, connect: () => WsTransport.connect(server.wsUrl, options) })).toMatchObject({ value: `>=${MiB}`, requests: 1 })
    const none = await maxWsMessageBytes({ cap: MiB, connect: () => Promise.reject(new Error('connection refused')) })
    expect(none).toMatchObject({ value: null })
    expect(none.note).toContain('could not open a WebSocket connection: connection refused')
  })
})
