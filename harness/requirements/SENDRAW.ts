import { requirement } from './requirement.js'

/** SENDRAW: eth_sendRawTransaction accepts a valid signed transaction (full profile) and rejects garbage with an error. */
export const row = requirement({
  id: 'SENDRAW',
  level: 'MUST',
  text: 'eth_sendRawTransaction accepts a valid signed transaction (full profile) and rejects garbage with an error',
  section: '4.2 (standard methods), 4.3',
})
