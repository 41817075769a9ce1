/**
 * A valid JSON-RPC request for a cheap read-only call (`eth_chainId`) padded with JSON whitespace to
 * exactly `bytes` bytes (ASCII), so the only thing that grows is the body size. Throws a RangeError
 * below the size of the request itself (`paddedRequestFloor`).
 * @example paddedRequest(1024, 1).length // 1024
 */
export function paddedRequest(bytes: number, id: number | null, method = 'eth_chainId'): string {
  const head = requestHead(id, method)
  const padding = bytes - head.length - 1
  if (!Number.isSafeInteger(bytes) || padding < 0) throw new RangeError(`a padded request needs at least ${head.length + 1} bytes, got ${bytes}`)
  return `${head}${' '.repeat(padding)}}`
}

/** The size of the unpadded request: the smallest body paddedRequest can make. */
export function paddedRequestFloor(id: number | null, method = 'eth_chainId'): number {
  return requestHead(id, method).length + 1
}

function requestHead(id: number | null, method: string): string {
  return `{"jsonrpc":"2.0","id":${id === null ? 'null' : String(id)},"method":${JSON.stringify(method)},"params":[]`
}
