import { requirement } from './requirement.js'

/** CHAIN-INTEGRITY: block hash = keccak of the RLP header (inconclusive when the block adds fields of no known layout); parentHash links; numbers contiguous; roots and timestamps consistent. */
export const row = requirement({
  id: 'CHAIN-INTEGRITY',
  level: 'MUST',
  text: 'block hash = keccak of the RLP header (inconclusive when the block adds fields of no known layout); parentHash links; numbers contiguous; roots and timestamps consistent',
  section: '2.1',
})
