import { WebSocket } from 'ws'
import type { MutantDefinition } from './mutant.js'
import { startMutantProxy, type MutantProxy } from './mutantProxy.js'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream.js'

/** A WebSocket client for tests: requests answered by id (a batch by the next array), notifications collected. */
export interface TestSocket {
  request(body: unknown): Promise<unknown>
  sendText(text: string): Promise<unknown>
  notifications: unknown[]
  /** Resolves when `count` notifications have arrived, or after `ms` with what arrived. */
  waitForNotifications(count: number, ms: number): Promise<unknown[]>
  close(): Promise<void>
}

/** A fake upstream with the mutant proxy in front of it, and clients for one mutant's addresses (tests only). */
export interface ProxyFixture {
  upstream: FakeUpstream
  proxy: MutantProxy
  post(mutant: string, body: unknown): Promise<{ status: number; headers: Headers; text: string; json: unknown }>
  postText(mutant: string, text: string): Promise<{ status: number; headers: Headers; text: string; json: unknown }>
  call(mutant: string, method: string, params?: unknown[], id?: unknown): Promise<Record<string, unknown>>
  rest(mutant: string, path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; text: string; json: unknown }>
  socket(mutant: string): Promise<TestSocket>
  close(): Promise<void>
}

async function read(response: Response): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

async function openSocket(url: string): Promise<TestSocket> {
  const socket = new WebSocket(url)
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const notifications: unknown[] = []
  const waiting: Array<{ match: (message: unknown) => boolean; resolve: (message: unknown) => void }> = []
  const watchers: Array<() => void> = []
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as unknown
    const index = waiting.findIndex((w) => w.match(message))
    if (index !== -1) return waiting.splice(index, 1)[0]!.resolve(message)
    notifications.push(message)
    for (const watch of watchers) watch()
  })
  const expect = (match: (message: unknown) => boolean): Promise<unknown> => new Promise((resolve) => waiting.push({ match, resolve }))
  const matcherFor = (body: unknown): ((message: unknown) => boolean) => {
    if (Array.isArray(body)) return (m) => Array.isArray(m) || (typeof m === 'object' && m !== null && (m as { id?: unknown }).id === null)
    const id = (body as { id?: unknown } | null)?.id
    return (m) =>
      typeof m === 'object' && m !== null && !Array.isArray(m) && 'id' in m && JSON.stringify((m as { id: unknown }).id) === JSON.stringify(id ?? null)
  }
  return {
    request(body) {
      const answer = expect(matcherFor(body))
      socket.send(JSON.stringify(body))
      return answer
    },
    sendText(text) {
      const answer = expect((m) => typeof m === 'object' && m !== null && (m as { id?: unknown }).id === null)
      socket.send(text)
      return answer
    },
    notifications,
    waitForNotifications(count, ms) {
      return new Promise((resolve) => {
        const done = (): void => resolve([...notifications])
        if (notifications.length >= count) return done()
        const timer = setTimeout(done, ms)
        watchers.push(() => {
          if (notifications.length >= count) {
            clearTimeout(timer)
            done()
          }
        })
      })
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve()
        socket.once('close', () => resolve())
        socket.close()
      }),
  }
}

/** Starts a fake upstream and the mutant proxy in front of it serving `mutants` (and `clean`). */
export async function startProxyFixture(mutants: readonly MutantDefinition[]): Promise<ProxyFixture> {
  const upstream = await startFakeUpstream()
  const proxy = await startMutantProxy({ upstreamRpc: upstream.rpc, upstreamWs: upstream.ws, upstreamRest: upstream.rest, mutants })
  const sockets: TestSocket[] = []
  let nextId = 1
  const postText = async (mutant: string, text: string) =>
    read(await fetch(proxy.url(mutant).rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text }))
  return {
    upstream,
    proxy,
    post: (mutant, body) => postText(mutant, JSON.stringify(body)),
    postText,
    async call(mutant, method, params = [], id = nextId++) {
      return (await postText(mutant, JSON.stringify({ jsonrpc: '2.0', method, params, id }))).json as Record<string, unknown>
    },
    rest: async (mutant, path, init) => read(await fetch(`${proxy.url(mutant).rest}${path}`, init)),
    async socket(mutant) {
      const socket = await openSocket(proxy.url(mutant).ws)
      sockets.push(socket)
      return socket
    },
    async close() {
      await Promise.all(sockets.map((s) => s.close()))
      await proxy.stop()
      await upstream.close()
    },
  }
}
