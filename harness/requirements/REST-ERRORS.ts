import { requirement } from './requirement.js'

/** REST-ERRORS: unknown path 404; non-GET methods refused; no 5xx on any input the spec allows. */
export const row = requirement({
  id: 'REST-ERRORS',
  level: 'SHOULD',
  text: 'unknown path 404; non-GET methods refused; no 5xx on any input the spec allows',
  section: '4.4 and 7',
})
