import type { MutantDefinition, RpcCall } from '../mutant.js'
import { errorCode, fakeHash, resultAnswer } from '../rpcMessage.js'

/** Answers `method` here with `result` wherever `where` holds, instead of the target's error. */
function answered(method: string, where: (call: RpcCall) => boolean, result: (call: RpcCall) => unknown): MutantDefinition['create'] {
  return () => ({
    request: (call) => (call.method === method && where(call) ? { answer: resultAnswer(call.id, result(call)) } : undefined),
  })
}

/** Broken variants of the blocked methods (spec 4.3) and of eth_sendRawTransaction: BLOCKED-ACCOUNTS, BLOCKED-SENDTX, SENDRAW. */
export const blockedMutants: MutantDefinition[] = [
  {
    name: 'blocked-accounts-empty-list',
    requirement: 'BLOCKED-ACCOUNTS',
    description: 'eth_getAccounts answers [] (as a gateway answers eth_accounts) instead of an error',
    create: answered(
      'eth_getAccounts',
      () => true,
      () => [],
    ),
  },
  {
    name: 'blocked-accounts-in-batch',
    requirement: 'BLOCKED-ACCOUNTS',
    description: 'eth_getAccounts is refused alone, but answered [] inside a batch (the block list is checked per request only)',
    create: answered(
      'eth_getAccounts',
      (call) => call.inBatch,
      () => [],
    ),
  },
  {
    name: 'blocked-sendtx-fake-hash',
    requirement: 'BLOCKED-SENDTX',
    description: 'eth_sendTransaction answers a transaction hash as if it had been executed',
    create: answered(
      'eth_sendTransaction',
      () => true,
      (call) => fakeHash(call.params),
    ),
  },
  {
    name: 'blocked-sendtx-over-ws',
    requirement: 'BLOCKED-SENDTX',
    description: 'eth_sendTransaction is refused over HTTP, but answers a hash over WebSocket (the block list covers HTTP only)',
    create: answered(
      'eth_sendTransaction',
      (call) => call.transport === 'ws',
      (call) => fakeHash(call.params),
    ),
  },
  {
    name: 'blocked-sendtx-weighs-price',
    requirement: 'BLOCKED-SENDTX',
    description:
      'eth_sendTransaction is not blocked: it weighs the transaction and refuses a zero gas price as a fee-charging node does (-32003, below the base fee)',
    create: () => ({
      request: (call) =>
        call.method === 'eth_sendTransaction'
          ? { answer: { jsonrpc: '2.0', id: call.id ?? null, error: { code: -32003, message: 'max fee per gas less than block base fee' } } }
          : undefined,
    }),
  },
  {
    name: 'sendraw-garbage-accepted',
    requirement: 'SENDRAW',
    description: 'eth_sendRawTransaction answers a made-up hash for input the node refuses (the refusal is swallowed)',
    create: () => ({
      response: (call, response) =>
        call.method === 'eth_sendRawTransaction' && errorCode(response) !== undefined ? resultAnswer(call.id, fakeHash(call.params)) : response,
    }),
  },
]
