import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Binds a server; resolves with the bound port, rejects with the bind error (its `code`: EADDRINUSE, EACCES...). */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

/** `host:port` for a URL, brackets around an IPv6 host. */
export function authority(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`
}
