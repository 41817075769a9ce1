import { requirement } from './requirement.js'

/** RANGE-ORDER: one block per number in [start, end], ascending, both ends inclusive. */
export const row = requirement({
  id: 'RANGE-ORDER',
  level: 'MUST',
  text: 'one block per number in [start, end], ascending, both ends inclusive',
  section: '4.2, rules 1 and 4',
})
