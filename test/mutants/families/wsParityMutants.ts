import type { MutantDefinition, MutantHooks } from '../mutant.js'
import { errorAnswer, isObject, mapResult } from '../rpcMessage.js'

const notAvailable = (method: string): string => `the method ${method} does not exist/is not available`

/**
 * Broken variants of the WebSocket endpoint for the methods beyond the standard ones (RPC-WS: every
 * method reachable over HTTP answers the same over WebSocket): the custom methods missing there (a
 * namespace left out of the WebSocket's API list) or answering from a stale handler there.
 */
export const wsParityMutants: MutantDefinition[] = [
  {
    name: 'ws-range-missing',
    requirement: 'RPC-WS',
    description: 'eth_getBlockRange is not registered on the WebSocket endpoint: -32601 there, blocks over HTTP',
    create: (): MutantHooks => ({
      request: (call) =>
        call.transport === 'ws' && call.method === 'eth_getBlockRange' ? { answer: errorAnswer(call.id, -32601, notAvailable(call.method)) } : undefined,
    }),
  },
  {
    name: 'ws-rollup-namespace-missing',
    requirement: 'RPC-WS',
    description: 'the rollup namespace is left out of the WebSocket API list: rollup_getInfo and rollup_gasPrices are -32601 there',
    create: (): MutantHooks => ({
      request: (call) =>
        call.transport === 'ws' && call.method?.startsWith('rollup_') === true
          ? { answer: errorAnswer(call.id, -32601, notAvailable(call.method)) }
          : undefined,
    }),
  },
  {
    name: 'ws-gas-prices-stale',
    requirement: 'RPC-WS',
    description:
      'rollup_gasPrices over WebSocket answers an l1GasPrice of 0 (a separate handler whose price oracle is never updated); HTTP answers the real price',
    create: (): MutantHooks => ({
      response: (call, response) =>
        call.transport === 'ws' && call.method === 'rollup_gasPrices' ? mapResult(response, (v) => (isObject(v) ? { ...v, l1GasPrice: '0x0' } : v)) : response,
    }),
  },
]
