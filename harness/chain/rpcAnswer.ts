/** The answer of one JSON-RPC call: its result or its error object, as values. */
export type RpcAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } }

/**
 * One JSON-RPC 2.0 call over HTTP POST, for tests that drive a real node (Anvil) to build
 * fixtures or to see how it answers. The harness's own transport is what checks use.
 * @example await rpcAnswer(url, 'eth_blockNumber') // { result: '0x3' }
 */
export async function rpcAnswer(url: string, method: string, params: unknown[] = []): Promise<RpcAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
  return body.error !== undefined ? { error: body.error } : { result: body.result }
}

/** The result of a call that must succeed (a fixture step); throws with the node's error otherwise. */
export async function rpcResult(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const answer = await rpcAnswer(url, method, params)
  if ('error' in answer) throw new Error(`${method} failed: ${answer.error.code} ${answer.error.message}`)
  return answer.result
}
