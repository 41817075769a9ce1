import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent, request } from 'undici'
import { describe, expect, it } from 'vitest'
import { gracefulClose } from './gracefulClose.js'

describe('gracefulClose', () => {
  it('lets a request in flight finish, closes its keep-alive connection after the answer, and resolves', async () => {
    const server = createServer((_request, response) => {
      setTimeout(() => response.end('done'), 150)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const close = gracefulClose(server, 5_000)
    const agent = new Agent({ keepAliveTimeout: 60_000 })
    try {
      const answer = request(`http://127.0.0.1:${port}/`, { dispatcher: agent })
      await new Promise((resolve) => setTimeout(resolve, 50))
      const started = performance.now()
      const closed = close()
      const response = await answer
      expect(response.statusCode).toBe(200)
      expect(await response.body.text()).toBe('done')
      await closed
      // Closed soon after the answer, not at the grace period's end.
      expect(performance.now() - started).toBeLessThan(2_000)
      expect(server.listening).toBe(false)
    } finally {
      await agent.close()
    }
  })

  it('cuts a request still in flight when the grace period ends', async () => {
    const server = createServer(() => {
      // Never answers.
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const agent = new Agent()
    try {
      const answer = request(`http://127.0.0.1:${port}/`, { dispatcher: agent }).catch((error: unknown) => error)
      await new Promise((resolve) => setTimeout(resolve, 50))
      await gracefulClose(server, 200)()
      expect(await answer).toBeInstanceOf(Error)
    } finally {
      await agent.destroy()
    }
  })
})
