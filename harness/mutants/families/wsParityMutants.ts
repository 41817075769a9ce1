import type { MutantDefinition, MutantHooks } from '../mutant.js'
import { errorAnswer } from '../rpcMessage.js'

const notAvailable = (method: string): string => `the method ${method} does not exist/is not available`

/**
 * Broken variants of the WebSocket endpoint for the methods beyond the standard ones (RPC-WS: every
 * method reachable over HTTP answers the same over WebSocket): the custom methods missing there (a
 * namespace left out of the WebSocket's API list), the blocked ones failing another way.
 */
export const wsParityMutants: MutantDefinition[] = [
  {
    name: 'ws-range-missing',
    requirement: 'RPC-WS',
    description: 'eth_getBlockRange is not registered on the WebSocket endpoint: -32601 there, blocks over HTTP',
    create: (): MutantHooks => ({
      request: (call) => (call.transport === 'ws' && call.method === 'eth_getBlockRange' ? { answer: errorAnswer(call.id, -32601, notAvailable(call.method)) } : undefined),
    }),
  },
  {
    name: 'ws-rollup-namespace-missing',
    requirement: 'RPC-WS',
    description: 'the rollup namespace is left out of the WebSocket API list: rollup_getInfo and rollup_gasPrices are -32601 there',
    create: (): MutantHooks => ({
      request: (call) => (call.transport === 'ws' && call.method?.startsWith('rollup_') === true ? { answer: errorAnswer(call.id, -32601, notAvailable(call.method)) } : undefined),
    }),
  },
  {
    name: 'ws-blocked-other-code',
    requirement: 'RPC-WS',
    description: 'over WebSocket the blocked methods fail with -32001 "rpc method is not whitelisted" (a proxy\'s WebSocket whitelist), over HTTP with the node\'s -32601',
    create: (): MutantHooks => ({
      request: (call) =>
        call.transport === 'ws' && (call.method === 'eth_getAccounts' || call.method === 'eth_sendTransaction') ? { answer: errorAnswer(call.id, -32001, 'rpc method is not whitelisted') } : undefined,
    }),
  },
]
