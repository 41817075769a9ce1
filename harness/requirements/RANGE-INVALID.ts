import { requirement } from './requirement.js'

/** RANGE-INVALID: start after end, an oversized range, a bad param: an error, promptly, never a hang. */
export const row = requirement({
  id: 'RANGE-INVALID',
  level: 'SHOULD',
  text: 'start after end, an oversized range, a bad param: an error, promptly, never a hang',
  section: '4.2, 7 and 8',
})
