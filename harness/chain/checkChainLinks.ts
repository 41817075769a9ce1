import { boundedJson } from '../checks/boundedJson.js'

/** A broken link between consecutive blocks, as a plain value a check turns into a finding. */
export interface ChainLinkProblem {
  code: 'MALFORMED_BLOCK' | 'NUMBER_GAP' | 'PARENT_MISMATCH' | 'TIME_BACKWARDS'
  /** The index (in the given list) of the block the problem is found at. */
  index: number
  message: string
}

interface Linkable {
  number: bigint
  hash: string
  parentHash: string
  /** Null when the block shows no hex timestamp (the shape checks' finding, not this one's). */
  timestamp: bigint | null
}

const hashRe = /^0x[0-9a-fA-F]{64}$/
const quantityRe = /^0x[0-9a-fA-F]+$/

function linkable(block: unknown): Linkable | string {
  if (block === null || typeof block !== 'object' || Array.isArray(block)) return 'is not a block object'
  const { number, hash, parentHash } = block as Record<string, unknown>
  if (typeof number !== 'string' || !quantityRe.test(number)) return `has no hex number (${boundedJson(number, 60)})`
  if (typeof hash !== 'string' || !hashRe.test(hash)) return `has no 32-byte hash (${boundedJson(hash, 80)})`
  if (typeof parentHash !== 'string' || !hashRe.test(parentHash)) return `has no 32-byte parentHash (${boundedJson(parentHash, 80)})`
  const { timestamp } = block as Record<string, unknown>
  return {
    number: BigInt(number),
    hash: hash.toLowerCase(),
    parentHash: parentHash.toLowerCase(),
    timestamp: typeof timestamp === 'string' && quantityRe.test(timestamp) ? BigInt(timestamp) : null,
  }
}

/**
 * Checks that a run of blocks, in the order given (ascending), forms a chain (CHAIN-INTEGRITY):
 * each block's number is its predecessor's plus one and its parentHash is its predecessor's
 * hash (compared case-insensitively), and its timestamp is not before its parent's (the yellow
 * paper's header validity: a child's timestamp exceeds its parent's; equal is tolerated, as some
 * layer-2 nodes seal several blocks in one second). Returns the problems, empty when the run is linked.
 * @example checkChainLinks([block5, block6, block8]) // [{ code: 'NUMBER_GAP', index: 2, ... }]
 */
export function checkChainLinks(blocks: readonly unknown[]): ChainLinkProblem[] {
  const problems: ChainLinkProblem[] = []
  let previous: Linkable | null = null
  blocks.forEach((block, index) => {
    const current = linkable(block)
    if (typeof current === 'string') {
      problems.push({ code: 'MALFORMED_BLOCK', index, message: `block at position ${index} ${current}` })
      previous = null
      return
    }
    if (previous !== null) {
      const prior: Linkable = previous
      if (current.number !== prior.number + 1n) {
        problems.push({ code: 'NUMBER_GAP', index, message: `block ${current.number} follows block ${prior.number}; expected block ${prior.number + 1n}` })
      } else if (current.parentHash !== prior.hash) {
        problems.push({
          code: 'PARENT_MISMATCH',
          index,
          message: `block ${current.number} has parentHash ${current.parentHash}, but block ${prior.number} has hash ${prior.hash}`,
        })
      } else if (current.timestamp !== null && prior.timestamp !== null && current.timestamp < prior.timestamp) {
        problems.push({
          code: 'TIME_BACKWARDS',
          index,
          message: `block ${current.number} has timestamp ${current.timestamp}, before its parent ${prior.number}'s ${prior.timestamp}`,
        })
      }
    }
    previous = current
  })
  return problems
}
