import { requirement } from './requirement.js'

/** RANGE-CONSISTENT: each block equals what the standard block-by-number and block-by-hash methods return. */
export const row = requirement({
  id: 'RANGE-CONSISTENT',
  level: 'MUST',
  text: 'each block equals what the standard block-by-number and block-by-hash methods return',
  section: '2.1 and 4.2',
})
