import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkProof, type ProofAsked } from './RPC-STANDARD.js'
import { exchangeOf } from './fixtures/recorded.js'

/**
 * eth_getProof answers of the reference (defaults) for contract 0x8464…, created in block 3 (its
 * constructor writes slot 0): absent at block 2, present with its storage at block 3.
 */
const answers = JSON.parse(readFileSync(new URL('./fixtures/history-answers.json', import.meta.url), 'utf8')) as Record<
  string,
  { request: unknown; response: { result: Record<string, unknown> } }
>
const CONTRACT = '0x8464135c8f25da09e49bc8782676a84730c318bc'
const rootOf = (block: string): string => answers[block]!.response.result.stateRoot as string
const proof = (name: string, change?: (result: Record<string, unknown>) => void): ReturnType<typeof exchangeOf> => {
  const response = structuredClone(answers[name]!.response)
  change?.(response.result)
  return exchangeOf(structuredClone(answers[name]!.request), response)
}
const asked = (block: string, past = true): ProofAsked => ({ address: CONTRACT, slots: ['0x0', '0x1'], block, stateRoot: rootOf(block), past })

describe('RPC-STANDARD proof judge, on eth_getProof answers of the reference', () => {
  it("pass: the contract proven absent at block 2, and present with its storage at block 3, from each block's stateRoot", async () => {
    expect(await checkProof(proof('proofBefore'), asked('block2'))).toEqual([])
    expect(await checkProof(proof('proofAfter'), asked('block3'))).toEqual([])
  })

  it("wrong-value: a proof from another root (block 3's state asked at block 2)", async () => {
    const [finding] = await checkProof(proof('proofAfter'), asked('block2'))
    expect(finding).toMatchObject({ kind: 'wrong-value', pointer: '/result/accountProof' })
    expect(finding!.message).toMatch(/proves another root/)
  })

  it('wrong-value: stated values the proof does not hold (balance, nonce, a storage value), a node altered', async () => {
    expect(
      (
        await checkProof(
          proof('proofAfter', (r) => {
            r.balance = '0x1'
          }),
          asked('block3'),
        )
      ).map((f) => f.pointer),
    ).toEqual(['/result/balance'])
    expect(
      (
        await checkProof(
          proof('proofAfter', (r) => {
            r.nonce = '0x2'
          }),
          asked('block3'),
        )
      ).map((f) => f.pointer),
    ).toEqual(['/result/nonce'])
    const storage = await checkProof(
      proof('proofAfter', (r) => {
        ;(r.storageProof as Array<Record<string, unknown>>)[0]!.value = '0x1'
      }),
      asked('block3'),
    )
    expect(storage[0]).toMatchObject({ kind: 'wrong-value', pointer: '/result/storageProof/0/value', got: '0x1' })
    const altered = await checkProof(
      proof('proofAfter', (r) => {
        const nodes = r.accountProof as string[]
        nodes[1] = `${nodes[1]!.slice(0, -2)}00`
      }),
      asked('block3'),
    )
    expect(altered[0]!.message).toMatch(/do not lead from the root to the key/)
    expect(
      (
        await checkProof(
          proof('proofBefore', (r) => {
            r.balance = '0x5'
          }),
          asked('block2'),
        )
      )[0]!.message,
    ).toMatch(/shows no such account/)
  })

  it('an empty storage trie proven by no node or by its one node (0x80, as Anvil and Hardhat answer)', async () => {
    const withNode = proof('proofBefore', (r) => {
      for (const slot of r.storageProof as Array<Record<string, unknown>>) slot.proof = ['0x80']
    })
    expect(await checkProof(withNode, asked('block2'))).toEqual([])
    const stated = proof('proofBefore', (r) => {
      ;(r.storageProof as Array<Record<string, unknown>>)[0]!.value = '0x1'
    })
    expect((await checkProof(stated, asked('block2'))).map((f) => f.pointer)).toEqual(['/result/storageProof/0/value'])
  })

  it('an error is inconclusive at a past block and a failure at the head; a broken shape is a schema violation', async () => {
    const refused = exchangeOf(answers.proofAfter!.request, { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'missing trie node' } })
    expect((await checkProof(refused, asked('block3'))).map((f) => f.kind)).toEqual(['inconclusive'])
    expect((await checkProof(refused, asked('block3', false))).map((f) => f.kind)).toEqual(['unexpected-error'])
    expect(
      (
        await checkProof(
          proof('proofAfter', (r) => {
            r.accountProof = 'x'
          }),
          asked('block3'),
        )
      ).map((f) => f.kind),
    ).toEqual(['schema-violation'])
    expect(
      (
        await checkProof(
          proof('proofAfter', (r) => {
            r.storageProof = []
          }),
          asked('block3'),
        )
      ).map((f) => f.kind),
    ).toEqual(['schema-violation', 'schema-violation'])
  })
})
