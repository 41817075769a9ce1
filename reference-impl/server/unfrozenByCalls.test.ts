import { afterAll, describe, expect, it } from 'vitest'
import { Agent, request } from 'undici'
import { servedNode } from '../../test/reference/servedNode.js'

// JUMPDEST; PUSH1 0; JUMP: a loop that only the gas (capped at 50M) or the time bound ends.
const ENDLESS_LOOP = { data: '0x5b600056', gas: '0xffffffffffffffff' }

const server = servedNode({ batchExecutionMs: 1_000 })
// Two clients, two connection pools: the second is never queued behind the first's socket.
const adversary = new Agent()
const bystander = new Agent()

afterAll(async () => {
  await adversary.close()
  await bystander.close()
})

async function post(agent: Agent, body: unknown): Promise<unknown> {
  const response = await request(server().url, {
    dispatcher: agent,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return response.body.json()
}

const loopCall = (id: number): unknown => ({ jsonrpc: '2.0', id, method: 'eth_call', params: [ENDLESS_LOOP, 'latest'] })

describe('an endless eth_call does not freeze the node', () => {
  it('answers another client while a batch of endless calls runs, then bounds the batch as a whole', async () => {
    const order: string[] = []
    const batch = post(
      adversary,
      Array.from({ length: 10 }, (_, index) => loopCall(index)),
    ).then((answer) => {
      order.push('batch')
      return answer
    })
    // Sent once the batch is surely executing (its first call holds the EVM for up to 1 s).
    await new Promise((resolve) => setTimeout(resolve, 300))
    const chainIds: unknown[] = []
    for (let round = 0; round < 3; round += 1) chainIds.push(await post(bystander, { jsonrpc: '2.0', id: 'c', method: 'eth_chainId', params: [] }))
    order.push('chainId')
    expect(chainIds).toEqual(Array.from({ length: 3 }, () => ({ jsonrpc: '2.0', id: 'c', result: '0x385' })))

    const answers = (await batch) as { id: number; error?: { code: number; message: string } }[]
    expect(order).toEqual(['chainId', 'batch'])
    expect(answers).toHaveLength(10)
    for (const answer of answers) {
      expect(answer.error?.code).toBe(-32000)
      // Out of its 50M gas first on a fast machine, else its time bound.
      expect(answer.error?.message).toMatch(/^(execution aborted \(|out of gas)/)
    }
    // The batch's 1 s ran out inside its first call or its second: the rest were refused unrun.
    expect(answers.at(-1)?.error?.message).toBe("execution aborted (a batch's calls may run 1s together)")
  }, 60_000)
})
