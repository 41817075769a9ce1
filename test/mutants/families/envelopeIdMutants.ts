import type { MutantDefinition, MutantHooks, RpcCall } from '../mutant.js'
import { errorCode, isObject } from '../rpcMessage.js'

/** Hooks that rewrite the id of a response (single or batch item, HTTP or WebSocket) when `wrong` says how. */
function echoIdAs(wrong: (id: unknown, call: RpcCall, response: Record<string, unknown>) => unknown): MutantHooks {
  return {
    response(call, response) {
      if (!isObject(response) || !Object.hasOwn(response, 'id')) return response
      const id = wrong(call.id, call, response)
      return id === undefined ? response : { ...response, id }
    },
  }
}

/**
 * Broken variants of the id a response echoes (JSON-RPC 2.0 section 5: the same value and JSON type
 * as the request's): RPC-ENVELOPE, over HTTP and WebSocket, alone and in batches. Each breaks one
 * family of ids, as a real server's id handling does (a narrow numeric type, a loose string reader).
 */
export const envelopeIdMutants: MutantDefinition[] = [
  {
    name: 'envelope-id-float32',
    requirement: 'RPC-ENVELOPE',
    description: 'numeric ids are kept as 32-bit floats: past 2^24 they come back rounded, 16777217 as 16777216 (off by one)',
    create: () => echoIdAs((id) => (typeof id === 'number' && Number.isInteger(id) && Math.abs(id) > 2 ** 24 ? Math.fround(id) : undefined)),
  },
  {
    name: 'envelope-id-wide-as-string',
    requirement: 'RPC-ENVELOPE',
    description: 'numeric ids past a signed 32-bit integer come back as decimal strings: 2147483648 as "2147483648"',
    create: () => echoIdAs((id) => (typeof id === 'number' && Number.isInteger(id) && id > 2 ** 31 - 1 ? String(id) : undefined)),
  },
  {
    name: 'envelope-id-digits-as-number',
    requirement: 'RPC-ENVELOPE',
    description: 'string ids of decimal digits come back as numbers: "42" as 42 (an id field read with a loose integer parser)',
    create: () => echoIdAs((id) => (typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : undefined)),
  },
  {
    name: 'envelope-id-string-error-null',
    requirement: 'RPC-ENVELOPE',
    // web3 numbers its requests with strings: its error answers carry id null, and web3 cannot read a revert from them.
    alsoBreaks: ['CLIENT-COMPAT'],
    description: 'error answers to requests with a string id carry id null (the error path reads the id as a number)',
    create: () => echoIdAs((id, _call, response) => (typeof id === 'string' && errorCode(response) !== undefined ? null : undefined)),
  },
]
