import { requirement } from './requirement.js'

/** RPC-ENVELOPE: every response: jsonrpc "2.0", the request's id, exactly one of result/error; error has integer code and string message. */
export const row = requirement({
  id: 'RPC-ENVELOPE',
  level: 'MUST',
  text: 'every response: jsonrpc "2.0", the request\'s id, exactly one of result/error; error has integer code and string message',
  section: '4.1; JSON-RPC 2.0, section 5',
})
