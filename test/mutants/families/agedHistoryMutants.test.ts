import { expect, test } from 'vitest'
import type { MutantHooks, RpcCall } from '../mutant.js'
import { AGED_FROM, agedHistoryMutants } from './agedHistoryMutants.js'

const ADDRESS = '0xa0ee7a142d267c1f36714e4a8f75612f20a79720'
const HEAD = 3000
const hex = (n: number): string => `0x${n.toString(16)}`

const callOf = (method: string, params: unknown[]): RpcCall => ({
  request: { jsonrpc: '2.0', id: 1, method, params },
  method,
  params,
  id: 1,
  notification: false,
  transport: 'http',
  inBatch: false,
})

/** The params a variant forwards for one call (the call's own when it forwards it unchanged). */
function forwarded(hooks: MutantHooks, method: string, params: unknown[]): unknown {
  const action = hooks.request?.(callOf(method, params))
  return action === undefined ? params : ((action as { forward: { params: unknown } }).forward.params as unknown)
}

const hooksOf = (name: string): MutantHooks => agedHistoryMutants.find((m) => m.name === name)!.create()

test(`the aged variants misbehave only for blocks ${AGED_FROM} or more behind the head they saw, never before they saw one`, () => {
  const old = hex(HEAD - AGED_FROM)
  const recent = hex(HEAD - AGED_FROM + 1)
  const state = hooksOf('state-past-as-latest-aged')
  expect(forwarded(state, 'eth_getBalance', [ADDRESS, old]), 'no head seen yet: nothing is old').toEqual([ADDRESS, old])
  const hooks = [state, hooksOf('logs-to-block-ignored-aged'), hooksOf('proof-latest-root-aged')]
  for (const h of hooks) h.response?.(callOf('eth_blockNumber', []), { jsonrpc: '2.0', id: 1, result: hex(HEAD) })
  const [, logs, proof] = hooks as [MutantHooks, MutantHooks, MutantHooks]
  expect(forwarded(state, 'eth_getBalance', [ADDRESS, old])).toEqual([ADDRESS, 'latest'])
  expect(forwarded(state, 'eth_call', [{ to: ADDRESS }, 'earliest'])).toEqual([{ to: ADDRESS }, 'latest'])
  expect(forwarded(state, 'eth_getBalance', [ADDRESS, recent])).toEqual([ADDRESS, recent])
  expect(forwarded(logs, 'eth_getLogs', [{ fromBlock: old, toBlock: old }])).toEqual([{ fromBlock: old, toBlock: 'latest' }])
  expect(forwarded(logs, 'eth_getLogs', [{ fromBlock: recent, toBlock: recent }])).toEqual([{ fromBlock: recent, toBlock: recent }])
  expect(forwarded(proof, 'eth_getProof', [ADDRESS, [], old])).toEqual([ADDRESS, [], 'latest'])
  expect(forwarded(proof, 'eth_getProof', [ADDRESS, [], recent])).toEqual([ADDRESS, [], recent])
})
