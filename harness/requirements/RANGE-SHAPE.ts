import { requirement } from './requirement.js'

/** RANGE-SHAPE: eth_getBlockRange answers an array of block objects, each with every field of 2.1. */
export const row = requirement({
  id: 'RANGE-SHAPE',
  level: 'MUST',
  text: 'eth_getBlockRange returns an array of block objects with every field of 2.1, hex-encoded',
  section: '2.1',
})

/** The method the RANGE-* requirements are about. */
export const RANGE_METHOD = 'eth_getBlockRange'

export { checkRangeShape, rangeBlocks } from '../checks/rangeFindings.js'
export { checkResult } from '../checks/outcomeFindings.js'
