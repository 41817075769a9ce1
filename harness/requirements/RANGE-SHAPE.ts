import { requirement } from './requirement.js'

/** RANGE-SHAPE: eth_getBlockRange returns an array of block objects with every field of 2.1, hex-encoded. */
export const row = requirement({
  id: 'RANGE-SHAPE',
  level: 'MUST',
  text: 'eth_getBlockRange returns an array of block objects with every field of 2.1, hex-encoded',
  section: '2.1',
})
