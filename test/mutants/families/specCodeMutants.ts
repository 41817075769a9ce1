import type { MutantDefinition, MutantHooks } from '../mutant.js'
import { errorAnswer, errorCode, isObject, numericRange } from '../rpcMessage.js'

const RANGE = 'eth_getBlockRange'
const BLOCKED = new Set(['eth_getAccounts', 'eth_sendTransaction'])

/**
 * Broken variants of the error codes openrpc.json names (its `errors`, `x-error` and `x-limit-errors`):
 * every call still answers an error, with another code or without the data the spec shows (RPC-ERRORS,
 * RANGE-INVALID); and of the jsonrpc member a request must carry (RPC-ERRORS, -32600).
 */
export const specCodeMutants: MutantDefinition[] = [
  {
    name: 'blocked-server-error-code',
    requirement: 'RPC-ERRORS',
    description: 'like Metis and Boba, the blocked methods answer -32000 "OVM: Unsupported RPC Method" instead of -32601 with data.blocked',
    create: (): MutantHooks => ({
      request: (call) =>
        call.method !== undefined && BLOCKED.has(call.method) ? { answer: errorAnswer(call.id, -32000, 'OVM: Unsupported RPC Method') } : undefined,
    }),
  },
  {
    name: 'blocked-without-data',
    requirement: 'RPC-ERRORS',
    description: 'the blocked methods answer a plain -32601 "method not found", without the data (blocked, alternative) the spec shows',
    create: (): MutantHooks => ({
      request: (call) =>
        call.method !== undefined && BLOCKED.has(call.method)
          ? { answer: errorAnswer(call.id, -32601, `the method ${call.method} does not exist/is not available`) }
          : undefined,
    }),
  },
  {
    name: 'range-oversized-server-error',
    requirement: 'RANGE-INVALID',
    description: 'like l2geth, a range past the limit answers -32000 "Requested block range is too large" instead of the -32602 the spec names',
    create: (): MutantHooks => ({
      response(call, response) {
        const range = call.method === RANGE ? numericRange(call.params) : null
        if (range === null || range.end - range.start + 1n <= 1000n || errorCode(response) === undefined) return response
        return errorAnswer(call.id, -32000, `Requested block range is too large (max is 1000, requested ${range.end - range.start} blocks)`)
      },
    }),
  },
  {
    name: 'range-bad-params-server-error',
    requirement: 'RANGE-INVALID',
    description: 'eth_getBlockRange reports malformed params and a reversed range as -32000 server errors (plain errors of the handler), not -32602',
    create: (): MutantHooks => ({
      response: (call, response) =>
        call.method === RANGE && errorCode(response) === -32602 && isObject(response) && isObject(response.error)
          ? { ...response, error: { ...response.error, code: -32000 } }
          : response,
    }),
  },
  {
    name: 'errors-jsonrpc-version-ignored',
    requirement: 'RPC-ERRORS',
    description: 'like Ganache, a request whose jsonrpc member is absent, "1.0" or 2 is answered as a valid JSON-RPC 2.0 call',
    create: (): MutantHooks => ({
      request: (call) =>
        isObject(call.request) && call.request.jsonrpc !== '2.0' && typeof call.method === 'string'
          ? { forward: { ...call.request, jsonrpc: '2.0' } }
          : undefined,
    }),
  },
  {
    name: 'errors-jsonrpc-absent-accepted',
    requirement: 'RPC-ERRORS',
    description: 'a request without a jsonrpc member is taken as JSON-RPC 2.0 (a default applied); "1.0" and 2 are still refused',
    create: (): MutantHooks => ({
      request: (call) =>
        isObject(call.request) && !Object.hasOwn(call.request, 'jsonrpc') && typeof call.method === 'string'
          ? { forward: { ...call.request, jsonrpc: '2.0' } }
          : undefined,
    }),
  },
]
