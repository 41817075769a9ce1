import type { MutantDefinition } from '../mutant.js'
import { addToQuantity, errorCode, isObject, mapResult } from '../rpcMessage.js'

/**
 * Broken variants of the standard methods (RPC-STANDARD) and of JSON-RPC error codes (RPC-ERRORS).
 * The RPC-STANDARD ones break single requests only, over both transports alike: the suite also
 * validates every example inside one batch, and rightly counts a broken batch answer against
 * RPC-HTTP / RPC-WS as well.
 */
export const standardMutants: MutantDefinition[] = [
  {
    name: 'standard-storage-unpadded',
    requirement: 'RPC-STANDARD',
    description:
      'eth_getStorageAt answers the value without its leading zero bytes (an empty slot "0x00"), in batches too: Ethereum\'s specification allows any bytes, so every MUST check passes it (http.batch.examples among them) and only the SHOULD habit of a 32-byte word (standard.eth_getStorageAt.habit) catches it',
    create: () => ({
      response: (call, response) =>
        call.method === 'eth_getStorageAt'
          ? mapResult(response, (v) => (typeof v === 'string' && /^0x([0-9a-f]{2})+$/.test(v) ? `0x${v.slice(2).replace(/^(00)+/, '') || '00'}` : v))
          : response,
    }),
  },
  {
    name: 'standard-balance-decimal',
    requirement: 'RPC-STANDARD',
    // viem, ethers and web3 each read the decimal digits as a balance: the value they hand their users is not the answer's.
    alsoBreaks: ['CLIENT-COMPAT'],
    description: 'eth_getBalance answers the balance as a decimal string ("10000000000000000000000") instead of a hex quantity',
    create: () => ({
      response: (call, response) =>
        call.method === 'eth_getBalance' && !call.inBatch
          ? mapResult(response, (v) => (typeof v === 'string' && /^0x[0-9a-f]+$/i.test(v) ? BigInt(v).toString(10) : v))
          : response,
    }),
  },
  {
    name: 'standard-receipt-no-logs-bloom',
    requirement: 'RPC-STANDARD',
    description: 'eth_getTransactionReceipt leaves logsBloom out of every receipt',
    create: () => ({
      response: (call, response) =>
        call.method === 'eth_getTransactionReceipt' && !call.inBatch
          ? mapResult(response, (v) => {
              if (!isObject(v)) return v
              const { logsBloom: _dropped, ...rest } = v
              return rest
            })
          : response,
    }),
  },
  {
    name: 'standard-receipt-index-off',
    requirement: 'RPC-STANDARD',
    description:
      "eth_getTransactionReceipt names the next position in the block as the receipt's transactionIndex (a receipt that disagrees with the block holding its transaction)",
    create: () => ({
      response: (call, response) =>
        call.method === 'eth_getTransactionReceipt' && !call.inBatch
          ? mapResult(response, (v) => (isObject(v) ? { ...v, transactionIndex: addToQuantity(v.transactionIndex, 1n) } : v))
          : response,
    }),
  },
  {
    name: 'standard-balance-by-hash-stale',
    requirement: 'RPC-STANDARD',
    description: 'eth_getBalance at a block named by its hash (EIP-1898) answers one wei more than at the same block named by its number',
    create: () => ({
      response: (call, response) =>
        call.method === 'eth_getBalance' && !call.inBatch && isObject(call.params[1]) && 'blockHash' in call.params[1]
          ? mapResult(response, (v) => addToQuantity(v, 1n))
          : response,
    }),
  },
  {
    name: 'errors-parse-as-invalid-request',
    requirement: 'RPC-ERRORS',
    description: 'malformed JSON is answered -32600 (invalid request) instead of -32700 (parse error)',
    create: () => ({
      malformed: (response) =>
        errorCode(response) === -32700 && isObject(response) && isObject(response.error)
          ? { ...response, error: { ...response.error, code: -32600 } }
          : response,
    }),
  },
  {
    name: 'errors-unknown-method-32000',
    requirement: 'RPC-ERRORS',
    description: 'an unknown method is answered -32000 (a generic server error) instead of -32601',
    create: () => ({
      response: (_call, response) =>
        errorCode(response) === -32601 && isObject(response) && isObject(response.error)
          ? { ...response, error: { ...response.error, code: -32000 } }
          : response,
    }),
  },
]
