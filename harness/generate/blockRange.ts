import * as fc from 'fast-check'

/** A range of block numbers, both ends inclusive. */
export interface BlockRange {
  start: number
  end: number
}

/**
 * A block range for eth_getBlockRange (RANGE-ORDER): start <= end <= head and at most `maxSpan`
 * blocks (end - start + 1 <= maxSpan). Shrinks toward the one-block range {0, 0}.
 * @example blockRange(50, 1000) // {start: 0, end: 0}, {start: 12, end: 50}, ...
 */
export function blockRange(head: number, maxSpan: number): fc.Arbitrary<BlockRange> {
  if (!Number.isSafeInteger(head) || head < 0) throw new RangeError(`blockRange(): head must be a non-negative integer, got ${head}`)
  if (!Number.isSafeInteger(maxSpan) || maxSpan < 1) throw new RangeError(`blockRange(): maxSpan must be at least 1, got ${maxSpan}`)
  // Two independent integers rather than a chain: both shrink toward 0, and the clamp at the head
  // makes ranges that end at the head (the interesting edge) common.
  return fc
    .tuple(fc.integer({ min: 0, max: head }), fc.integer({ min: 0, max: maxSpan - 1 }))
    .map(([start, extra]) => ({ start, end: Math.min(start + extra, head) }))
}
