import { boundedJson } from '../checks/boundedJson.js'

/** A broken link between consecutive blocks, as a plain value a check turns into a finding. */
export interface ChainLinkProblem {
  code: 'MALFORMED_BLOCK' | 'NUMBER_GAP' | 'PARENT_MISMATCH'
  /** The index (in the given list) of the block the problem is found at. */
  index: number
  message: string
}

interface Linkable {
  number: bigint
  hash: string
  parentHash: string
}

const hashRe = /^0x[0-9a-fA-F]{64}$/
const quantityRe = /^0x[0-9a-fA-F]+$/

function linkable(block: unknown): Linkable | string {
  if (block === null || typeof block !== 'object' || Array.isArray(block)) return 'is not a block object'
  const { number, hash, parentHash } = block as Record<string, unknown>
  if (typeof number !== 'string' || !quantityRe.test(number)) return `has no hex number (${boundedJson(number, 60)})`
  if (typeof hash !== 'string' || !hashRe.test(hash)) return `has no 32-byte hash (${boundedJson(hash, 80)})`
  if (typeof parentHash !== 'string' || !hashRe.test(parentHash)) return `has no 32-byte parentHash (${boundedJson(parentHash, 80)})`
  return { number: BigInt(number), hash: hash.toLowerCase(), parentHash: parentHash.toLowerCase() }
}

/**
 * Checks that a run of blocks, in the order given (ascending), forms a chain (CHAIN-INTEGRITY):
 * each block's number is its predecessor's plus one and its parentHash is its predecessor's
 * hash (compared case-insensitively). Returns the problems, empty when the run is linked.
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
        problems.push({ code: 'PARENT_MISMATCH', index, message: `block ${current.number} has parentHash ${current.parentHash}, but block ${prior.number} has hash ${prior.hash}` })
      }
    }
    previous = current
  })
  return problems
}
