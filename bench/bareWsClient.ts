import WebSocket from 'ws'

/**
 * The least a JSON-RPC client over WebSocket does (the baseline of the transport benchmark): one
 * connection, a request frame written from a template, answers parsed and matched to requests by id.
 * No time-out, no gate, no records.
 * @example const ws = await BareWsClient.connect(url); await ws.call('eth_blockNumber', '[]')
 */
export class BareWsClient {
  readonly #socket: WebSocket
  readonly #waiting = new Map<number, (answer: unknown) => void>()
  #nextId = 1

  private constructor(socket: WebSocket) {
    this.#socket = socket
    socket.on('message', (data: Buffer) => {
      const answer = JSON.parse(data.toString('utf8')) as { id?: unknown }
      const resolve = this.#waiting.get(answer.id as number)
      if (resolve === undefined) return
      this.#waiting.delete(answer.id as number)
      resolve(answer)
    })
    socket.on('close', () => {
      for (const resolve of this.#waiting.values()) resolve({ error: { message: 'closed' } })
      this.#waiting.clear()
    })
  }

  /** Opens the connection. */
  static connect(url: string): Promise<BareWsClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url)
      socket.once('open', () => resolve(new BareWsClient(socket)))
      socket.once('error', reject)
    })
  }

  /** Sends one request (`params` already JSON text) and resolves to the parsed answer. */
  call(method: string, params: string): Promise<unknown> {
    const id = this.#nextId++
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve)
      this.#socket.send(`{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${params}}`)
    })
  }

  /** Closes the connection. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.#socket.readyState === WebSocket.CLOSED) return resolve()
      this.#socket.once('close', () => resolve())
      this.#socket.close(1000)
    })
  }
}
