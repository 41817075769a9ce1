import { requirement } from './requirement.js'

/** RANGE-FULLTX: true: full transaction objects; false: hashes; the same transactions either way. */
export const row = requirement({
  id: 'RANGE-FULLTX',
  level: 'MUST',
  text: 'true: full transaction objects; false: hashes; the same transactions either way',
  section: '4.2, rule 3',
})
