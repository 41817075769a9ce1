import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http'
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'

/** A server a test started on 127.0.0.1 port 0, to play a (broken) target. */
export interface ThrowawayServer {
  /** http://127.0.0.1:PORT */
  url: string
  port: number
  /** The sockets open now. */
  sockets: Set<Socket>
  /** How many accepted sockets have closed, so a test can see that the harness dropped a connection. */
  closedSockets(): number
  close(): Promise<void>
}

async function listen(server: HttpServer | TcpServer): Promise<ThrowawayServer> {
  const sockets = new Set<Socket>()
  let closed = 0
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => {
      closed++
      sockets.delete(socket)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    sockets,
    closedSockets: () => closed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** An HTTP server answering with `handler` (tests only: plays a target). */
export function httpServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<ThrowawayServer & { server: HttpServer }> {
  const server = createHttpServer(handler)
  return listen(server).then((started) => Object.assign(started, { server }))
}

/** A raw TCP server (tests only: a target that does not even speak HTTP properly). */
export function tcpServer(onSocket: (socket: Socket) => void): Promise<ThrowawayServer & { server: TcpServer }> {
  const server = createTcpServer(onSocket)
  return listen(server).then((started) => Object.assign(started, { server }))
}

/** An address on which nothing listens (a port that was just free): connecting is refused. */
export async function refusedUrl(): Promise<string> {
  const started = await tcpServer((socket) => socket.destroy())
  await started.close()
  return started.url
}

/** Reads a request's body as text. */
export async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** A WebSocket server (tests only: plays a JSON-RPC node, well-behaved or not); `url` is ws://127.0.0.1:PORT. */
export async function wsServer(onConnection: (socket: WebSocket, request: IncomingMessage) => void): Promise<ThrowawayServer & { wss: WebSocketServer }> {
  const server = createHttpServer()
  const wss = new WebSocketServer({ server })
  wss.on('connection', onConnection)
  const started = await listen(server)
  return Object.assign(started, { url: started.url.replace('http://', 'ws://'), wss })
}
