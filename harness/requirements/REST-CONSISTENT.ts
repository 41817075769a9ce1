import { requirement } from './requirement.js'

/** REST-CONSISTENT: totals equal the sum of their parts; percentages sum to 100. */
export const row = requirement({
  id: 'REST-CONSISTENT',
  level: 'SHOULD',
  text: 'totals equal the sum of their parts; percentages sum to 100',
  section: '2.4',
})
