import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestNode, type TestNode } from '../methods/startTestNode.js'
import { ChainError } from './chainError.js'
import { fromHex } from './hex.js'
import type { ReadContext } from './stateReader.js'

// JUMPDEST; PUSH1 0; JUMP, as a contract creation: only the gas or the time bound ends it.
const LOOP = { data: fromHex('0x5b600056'), gas: 50_000_000n }
// PUSH4 loop; PUSH1 0; MSTORE; CREATE(0, 28, 4): the loop runs one frame deeper (the bound holds
// in every frame, not only the outermost).
const NESTED_LOOP = { data: fromHex('0x635b6000566000526004601c6000f0'), gas: 50_000_000n }

describe('StateReader time bound (geth RPCEVMTimeout)', () => {
  let node: TestNode
  beforeAll(async () => {
    node = await startTestNode({ history: 0 })
  }, 60_000)
  afterAll(() => node.stop())

  const latest = (): ReadContext => node.rollup.chain.readContext(node.rollup.chain.head)

  it('aborts an endless eth_call at its time-out with EXECUTION_TIMEOUT, and the next call runs', async () => {
    const error = await node.rollup.chain.reader.call(latest(), LOOP, { timeoutMs: 300 }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ChainError)
    expect(error).toMatchObject({ code: 'EXECUTION_TIMEOUT', message: 'execution aborted (timeout = 300ms)' })
    // Nothing is left behind: a call that ends answers normally.
    expect(await node.rollup.chain.reader.call(latest(), { data: fromHex('0x600160005260206000f3') })).toEqual(fromHex(`0x${'0'.repeat(63)}1`))
  })

  it('bounds an endless loop one frame deep too, and estimateGas as a whole', async () => {
    await expect(node.rollup.chain.reader.call(latest(), NESTED_LOOP, { timeoutMs: 300 })).rejects.toMatchObject({ code: 'EXECUTION_TIMEOUT' })
    await expect(node.rollup.chain.reader.estimateGas(latest(), LOOP, { timeoutMs: 300 })).rejects.toMatchObject({ code: 'EXECUTION_TIMEOUT' })
  })

  it('names the batch deadline when that ends the call first', async () => {
    const bound = { timeoutMs: 5_000, deadline: performance.now() + 200, deadlineMessage: 'batch spent' }
    await expect(node.rollup.chain.reader.call(latest(), LOOP, bound)).rejects.toMatchObject({ code: 'EXECUTION_TIMEOUT', message: 'batch spent' })
  })
})
