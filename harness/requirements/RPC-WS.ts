import { requirement } from './requirement.js'

/** RPC-WS: every method reachable over HTTP is reachable over WebSocket with the same result. */
export const row = requirement({
  id: 'RPC-WS',
  level: 'MUST',
  text: 'every method reachable over HTTP is reachable over WebSocket with the same result',
  section: '4.1',
})
