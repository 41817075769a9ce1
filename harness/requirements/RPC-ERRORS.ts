import { requirement } from './requirement.js'

/** RPC-ERRORS: malformed JSON -32700, invalid request -32600, unknown method -32601, bad params -32602. */
export const row = requirement({
  id: 'RPC-ERRORS',
  level: 'SHOULD',
  text: 'malformed JSON -32700, invalid request -32600, unknown method -32601, bad params -32602',
  section: '7; JSON-RPC 2.0, section 5.1',
})
