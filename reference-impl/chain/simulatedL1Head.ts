import { L1_BLOCK_SECONDS } from './chainConstants.js'
import type { L1Head } from './l1Head.js'

const GWEI = 1_000_000_000n

/**
 * The layer-1 head a simulated layer 1 has at `nowSeconds`, advancing one block every 12 seconds from
 * `anchor` (never before it). Pure: the same time gives the same head, so the generated history is
 * reproducible.
 */
export function simulatedL1Head(anchor: { number: number; timestamp: number }, nowSeconds: number): L1Head {
  const blocks = Math.max(0, Math.floor((nowSeconds - anchor.timestamp) / L1_BLOCK_SECONDS))
  const number = anchor.number + blocks
  return { number, timestamp: anchor.timestamp + blocks * L1_BLOCK_SECONDS, gasPrice: simulatedL1GasPrice(number) }
}

/**
 * A layer-1 gas price that drifts with the block number: a slow triangle wave between 14 and 26 gwei
 * plus a small per-block wobble, in integers only (no platform-dependent floating point).
 */
export function simulatedL1GasPrice(blockNumber: number): bigint {
  const phase = blockNumber % 240
  const wave = BigInt(phase < 120 ? phase : 240 - phase) // 0..120
  const wobble = BigInt((blockNumber * 7919) % 97)
  return 14n * GWEI + wave * 100_000_000n + wobble * 1_000_000n
}
