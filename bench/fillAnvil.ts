const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const answer = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (answer.error !== undefined) throw new Error(`${method}: ${answer.error.message}`)
  return answer.result
}

/**
 * Gives an Anvil started with `--no-mining` a history like the reference's: `blocks` blocks of one
 * ETH transfer each (eth_sendTransaction from its first unlocked development account, then
 * evm_mine), sent one after another so every block holds exactly one transaction (with automine,
 * transactions sent close together share blocks). Resolves to the head number.
 */
export async function fillAnvil(url: string, blocks: number): Promise<number> {
  for (let index = 0; index < blocks; index++) {
    await rpc(url, 'eth_sendTransaction', [{ from: SENDER, to: RECIPIENT, value: '0x1' }])
    await rpc(url, 'evm_mine', [])
  }
  const head = Number(await rpc(url, 'eth_blockNumber', []))
  const last = (await rpc(url, 'eth_getBlockByNumber', [`0x${head.toString(16)}`, false])) as { transactions: unknown[] }
  if (head !== blocks || last.transactions.length !== 1)
    throw new Error(`anvil history: expected ${blocks} blocks of one transaction, got head ${head} with ${last.transactions.length} in the last`)
  return head
}
