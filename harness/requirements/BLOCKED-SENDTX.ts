import { requirement } from './requirement.js'

/** BLOCKED-SENDTX: eth_sendTransaction answers an error everywhere and changes no state. */
export const row = requirement({
  id: 'BLOCKED-SENDTX',
  level: 'MUST',
  text: 'eth_sendTransaction answers an error everywhere and changes no state',
  section: '4.3 and 7',
})
