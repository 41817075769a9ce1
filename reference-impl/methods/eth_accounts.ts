import type { MethodHandler } from '../rpc/methodTable.js'
import { positionalParams } from './positionalParams.js'

/** eth_accounts: [] (the node has no wallets; the real method, unlike the blocked eth_getAccounts). */
export function eth_accounts(): MethodHandler {
  return (params) => {
    positionalParams(params, 0)
    return []
  }
}
