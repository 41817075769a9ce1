import { requirement } from './requirement.js'

/** RPC-STANDARD: each standard method in openrpc.json answers within its result schema. */
export const row = requirement({
  id: 'RPC-STANDARD',
  level: 'MUST',
  text: 'each standard method in openrpc.json answers within its result schema',
  section: '4.2 (standard methods)',
})
