import { requirement } from './requirement.js'

/** RPC-SUBSCRIBE: eth_subscribe (newHeads at least) notifies; eth_unsubscribe cancels and notifications stop. */
export const row = requirement({
  id: 'RPC-SUBSCRIBE',
  level: 'MUST',
  text: 'eth_subscribe (newHeads at least) notifies; eth_unsubscribe cancels and notifications stop',
  section: '6',
})
