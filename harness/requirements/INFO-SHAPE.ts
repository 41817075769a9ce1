import { requirement } from './requirement.js'

/** INFO-SHAPE: rollup_getInfo: mode "sequencer"/"verifier", syncing boolean, the five counters plain JSON integers. */
export const row = requirement({
  id: 'INFO-SHAPE',
  level: 'MUST',
  text: 'rollup_getInfo: mode "sequencer"/"verifier", syncing boolean, the five counters plain JSON integers',
  section: '2.2',
})
