import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadOpenRpc, type OpenRpcSpec } from './loadOpenRpc.js'
import { exampleErrors, limitError } from './specErrors.js'

let spec: OpenRpcSpec
beforeAll(async () => {
  spec = await loadOpenRpc(fileURLToPath(new URL('../../openrpc.json', import.meta.url)))
})

describe('the errors openrpc.json names', () => {
  it("reads the x-error of the blocked methods' examples, with their params", () => {
    expect(exampleErrors(spec, 'eth_getAccounts')).toEqual([
      { example: 'blocked', params: [], error: { code: -32601, data: { blocked: true, alternative: 'an external wallet service' } } },
    ])
    expect(exampleErrors(spec, 'eth_sendTransaction')[0]?.params[0]).toMatchObject({ from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
    expect(exampleErrors(spec, 'eth_chainId')).toEqual([])
    expect(exampleErrors(spec, 'no_such_method')).toEqual([])
  })
  it('reads the error past a limit (x-limit-errors), null where the spec names none', () => {
    expect(limitError(spec, 'eth_getBlockRange', 'maxBlockRange')).toMatchObject({ code: -32602 })
    expect(limitError(spec, 'eth_getBlockRange', 'maxBatchItems')).toBeNull()
    expect(limitError(spec, 'eth_chainId', 'maxBlockRange')).toBeNull()
  })
})
