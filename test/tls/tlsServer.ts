import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TestCertificate } from './testCertificates.js'

/** A throwaway server on 127.0.0.1 port 0 that answers every request with a JSON-RPC `0x385`. */
export interface TlsTestServer {
  /** https://127.0.0.1:PORT, also for a plain server (the address a misconfigured client would use). */
  url: string
  close(): Promise<void>
}

const ANSWER = '{"jsonrpc":"2.0","id":1,"result":"0x385"}'

/**
 * Tests only: an HTTPS server presenting `certificate`, or, with null, a plain HTTP server to be
 * addressed as https:// (a target that does not speak TLS where TLS is expected).
 */
export async function tlsServer(certificate: TestCertificate | null): Promise<TlsTestServer> {
  const answer = (_request: unknown, response: { writeHead(status: number, headers: Record<string, string>): void; end(body: string): void }): void => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(ANSWER)
  }
  const server: Server = certificate === null ? createHttpServer(answer) : createServer({ cert: certificate.cert, key: certificate.key }, answer)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
