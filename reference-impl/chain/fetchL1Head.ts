import type { L1Head } from './l1Head.js'

/**
 * Reads the head of a real layer-1 node over JSON-RPC (eth_blockNumber, eth_getBlockByNumber
 * "latest", eth_gasPrice in one batch), giving up after `timeoutMs`. Throws an Error naming what went
 * wrong; the caller decides how to fall back.
 */
export async function fetchL1Head(url: string, timeoutMs: number): Promise<L1Head> {
  const body = [
    { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
    { jsonrpc: '2.0', id: 2, method: 'eth_getBlockByNumber', params: ['latest', false] },
    { jsonrpc: '2.0', id: 3, method: 'eth_gasPrice', params: [] },
  ]
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const answers = (await response.json()) as unknown
  if (!Array.isArray(answers)) throw new Error('the batch answer is not an array')
  const byId = new Map<unknown, unknown>()
  for (const answer of answers) {
    if (typeof answer !== 'object' || answer === null) continue
    const { id, result, error } = answer as { id?: unknown; result?: unknown; error?: { message?: unknown } }
    if (error !== undefined) throw new Error(`id ${String(id)}: ${String(error.message)}`)
    byId.set(id, result)
  }
  const number = quantity(byId.get(1), 'eth_blockNumber')
  const block = byId.get(2) as { number?: unknown; timestamp?: unknown } | null | undefined
  if (typeof block !== 'object' || block === null) throw new Error('eth_getBlockByNumber("latest") returned no block')
  const blockNumber = quantity(block.number, 'block.number')
  return {
    number: Number(blockNumber > number ? blockNumber : number),
    timestamp: Number(quantity(block.timestamp, 'block.timestamp')),
    gasPrice: quantity(byId.get(3), 'eth_gasPrice'),
  }
}

function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw new Error(`${what} is not a hex quantity: ${JSON.stringify(value)}`)
  return BigInt(value)
}
