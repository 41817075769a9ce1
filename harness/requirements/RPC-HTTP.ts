import { requirement } from './requirement.js'

/** RPC-HTTP: HTTP POST with a JSON body works; batch requests answered per item. */
export const row = requirement({
  id: 'RPC-HTTP',
  level: 'MUST',
  text: 'HTTP POST with a JSON body works; batch requests answered per item',
  section: '4.1; JSON-RPC 2.0, section 6',
})
