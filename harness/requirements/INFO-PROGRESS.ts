import { requirement } from './requirement.js'

/** INFO-PROGRESS: counters never go backwards between calls; ethContext tracks a real layer-1 head. */
export const row = requirement({
  id: 'INFO-PROGRESS',
  level: 'SHOULD',
  text: 'counters never go backwards between calls; ethContext tracks a real layer-1 head',
  section: '2.2',
})
