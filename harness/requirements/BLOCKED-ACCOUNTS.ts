import { requirement } from './requirement.js'

/** BLOCKED-ACCOUNTS: eth_getAccounts answers an error, over HTTP, WebSocket and inside a batch. */
export const row = requirement({
  id: 'BLOCKED-ACCOUNTS',
  level: 'MUST',
  text: 'eth_getAccounts answers an error, over HTTP, WebSocket and inside a batch',
  section: '4.3 and 7',
})
