import { requirement } from './requirement.js'

/** RANGE-TAGS: earliest, latest, pending and hex numbers accepted for start and end. */
export const row = requirement({
  id: 'RANGE-TAGS',
  level: 'MUST',
  text: 'earliest, latest, pending and hex numbers accepted for start and end',
  section: '4.2, rule 2',
})
