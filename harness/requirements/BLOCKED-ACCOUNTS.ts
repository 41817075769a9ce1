import { requirement } from './requirement.js'

/** BLOCKED-ACCOUNTS: the node exposes no wallet, so eth_getAccounts is refused everywhere. */
export const row = requirement({
  id: 'BLOCKED-ACCOUNTS',
  level: 'MUST',
  text: 'eth_getAccounts answers an error, over HTTP, WebSocket and inside a batch',
  section: '4.3 and 7',
})

/** The call beside a blocked one in a batch: it must still succeed (the batch is answered per item). */
export const ALLOWED_BESIDE = { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 } as const

export { checkIsError } from '../checks/outcomeFindings.js'
