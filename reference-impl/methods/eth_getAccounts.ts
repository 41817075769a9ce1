import type { MethodHandler } from '../rpc/methodTable.js'
import { blockedMethod } from './blockedMethod.js'

/** eth_getAccounts: blocked (section 4.3): nodes expose no internal wallets; an external wallet service is the alternative. */
export function eth_getAccounts(): MethodHandler {
  return blockedMethod(
    'eth_getAccounts is blocked: this node exposes no internal wallets; manage accounts with an external wallet service',
    'an external wallet service',
  )
}
