import type { MethodHandler } from '../rpc/methodTable.js'
import { blockedMethod } from './blockedMethod.js'

/** eth_sendTransaction: blocked (section 4.3): only signed transactions are accepted, through eth_sendRawTransaction. */
export function eth_sendTransaction(): MethodHandler {
  return blockedMethod(
    'eth_sendTransaction is blocked: this node holds no keys; sign the transaction and send it with eth_sendRawTransaction',
    'eth_sendRawTransaction',
  )
}
