import { WebSocket, type RawData } from 'ws'
import { answerRpc, type Forward, type UpstreamAnswer } from './answerRpc.js'
import { OMIT, type MutantHooks } from './mutant.js'

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)
const idKey = (id: unknown): string => JSON.stringify(id) ?? 'undefined'
const validId = (id: unknown): boolean => id === null || typeof id === 'string' || typeof id === 'number'

const hasRpcHooks = (hooks: MutantHooks): boolean =>
  hooks.request !== undefined ||
  hooks.response !== undefined ||
  hooks.batch !== undefined ||
  hooks.batchRequest !== undefined ||
  hooks.malformed !== undefined ||
  hooks.notification !== undefined

/**
 * JSON-RPC over WebSocket through a mutant (interface spec 4.1, 6): each client socket has its own
 * socket to the target, so the client's ids and subscriptions stay its own. Client messages go
 * through the mutant's hooks (answerRpc); the target's answers are matched to the requests waiting
 * for them by id (a batch by the ids it holds); everything else it sends (notifications) passes the
 * `notification` hook. Either side closing closes the other.
 */
export function bridgeWebSocket(client: WebSocket, upstream: WebSocket, hooks: MutantHooks, hang: () => Promise<never>): void {
  const singles = new Map<string, Array<(answer: UpstreamAnswer | undefined) => void>>()
  const batches: Array<{ ids: Set<string>; resolve: (answer: UpstreamAnswer | undefined) => void }> = []
  const mutating = hasRpcHooks(hooks)
  // An answer reaches the client a few promise turns after the target sent it (through the hooks), a
  // notification at once: a subscription's first notification could overtake the answer naming its
  // id, which the target sent first. While an eth_subscribe is being answered, notifications for ids
  // the client was not yet told are held, then sent in the order they came.
  const told = new Set<string>()
  let subscribing = 0
  const held: string[] = []
  const flushHeld = (): void => {
    if (subscribing > 0) return
    for (const text of held.splice(0)) toClient(text)
  }

  const toClient = (text: string): void => {
    if (client.readyState === WebSocket.OPEN) client.send(text)
  }
  const toUpstream = (data: string | Buffer, binary = false): void => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary })
  }

  const forward: Forward = (body, original) => {
    const text = original ?? JSON.stringify(body)
    let waiting: Promise<UpstreamAnswer | undefined> = Promise.resolve(undefined)
    if (Array.isArray(body)) {
      const ids = body.filter((item) => isObject(item) && Object.hasOwn(item, 'id')).map((item) => idKey((item as { id: unknown }).id))
      if (ids.length > 0) waiting = new Promise((resolve) => batches.push({ ids: new Set(ids), resolve }))
    } else if (isObject(body) && Object.hasOwn(body, 'id') && validId(body.id)) {
      const key = idKey(body.id)
      waiting = new Promise((resolve) => {
        const queue = singles.get(key) ?? []
        queue.push(resolve)
        singles.set(key, queue)
      })
    }
    toUpstream(text)
    return waiting
  }

  client.on('message', (data: RawData, binary: boolean) => {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)
    if (!mutating || binary) return toUpstream(buffer, binary)
    const text = buffer.toString('utf8')
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return toUpstream(text)
    }
    const subscribe = isObject(body) && body.method === 'eth_subscribe'
    if (subscribe) subscribing++
    const answered = (): void => {
      if (!subscribe) return
      subscribing--
      flushHeld()
    }
    answerRpc(body, text, hooks, 'ws', forward, hang).then(
      (answer) => {
        const value = answer.kind === 'json' ? answer.value : answer.kind === 'upstream' ? answer.answer.json : undefined
        if (subscribe && isObject(value) && (typeof value.result === 'string' || typeof value.result === 'number')) told.add(String(value.result))
        if (answer.kind === 'json') toClient(JSON.stringify(answer.value))
        else if (answer.kind === 'upstream') toClient(answer.answer.text)
        answered()
      },
      answered, // a hanging request released by stop(): nothing to answer
    )
  })

  upstream.on('message', (data: RawData, binary: boolean) => {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)
    if (!mutating || binary) {
      if (client.readyState === WebSocket.OPEN) client.send(buffer, { binary })
      return
    }
    const text = buffer.toString('utf8')
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return toClient(text)
    }
    if (Array.isArray(json)) {
      const ids = json.map((item) => (isObject(item) ? idKey(item.id) : ''))
      const index = batches.findIndex((b) => ids.some((id) => b.ids.has(id)))
      const waiting = batches.splice(index === -1 ? 0 : index, 1)[0]
      if (waiting !== undefined) return waiting.resolve({ text, json })
      return toClient(text)
    }
    if (isObject(json) && Object.hasOwn(json, 'id')) {
      const queue = singles.get(idKey(json.id))
      const resolve = queue?.shift()
      if (queue !== undefined && queue.length === 0) singles.delete(idKey(json.id))
      if (resolve !== undefined) return resolve({ text, json })
      if (json.id === null && hooks.malformed !== undefined) return toClient(JSON.stringify(hooks.malformed(json, 'ws')))
      return toClient(text)
    }
    let out = text
    if (isObject(json) && hooks.notification !== undefined) {
      const mutated = hooks.notification(json)
      if (mutated === OMIT) return
      if (mutated !== json) out = JSON.stringify(mutated)
    }
    const subscription = isObject(json) && isObject(json.params) ? json.params.subscription : undefined
    const untold = (typeof subscription === 'string' || typeof subscription === 'number') && !told.has(String(subscription))
    if (held.length > 0 || (subscribing > 0 && untold)) return void held.push(out)
    toClient(out)
  })

  const release = (): void => {
    for (const queue of singles.values()) for (const resolve of queue) resolve(undefined)
    singles.clear()
    for (const waiting of batches.splice(0)) waiting.resolve(undefined)
  }
  const closeCode = (code: number): number => (code >= 1000 && code <= 4999 && code !== 1004 && code !== 1005 && code !== 1006 && code !== 1015 ? code : 1000)
  client.on('close', (code) => {
    release()
    if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING) upstream.close(closeCode(code))
  })
  upstream.on('close', (code) => {
    release()
    if (client.readyState === WebSocket.OPEN) client.close(closeCode(code))
  })
  client.on('error', () => client.terminate())
  upstream.on('error', () => upstream.terminate())
}
