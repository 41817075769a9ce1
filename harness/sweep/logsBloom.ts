import { keccak_256 } from '@noble/hashes/sha3.js'
import { hexOf, hexToBytes } from '../chain/hexBytes.js'

const HEX = /^0x([0-9a-fA-F]{2})*$/

/** Sets the three bits of one bloom entry (yellow paper 4.3.1: M3:2048 over keccak of the value). */
function addToBloom(bloom: Uint8Array, value: Uint8Array): void {
  const hash = keccak_256(value)
  for (let i = 0; i < 6; i += 2) {
    const bit = (((hash[i] as number) << 8) | (hash[i + 1] as number)) & 2047
    const at = 255 - (bit >> 3)
    bloom[at] = (bloom[at] as number) | (1 << (bit & 7))
  }
}

/**
 * The 256-byte bloom of a list of log objects (their `address` and every topic), or why it cannot be
 * computed (a log whose address or topic is not hex). A receipt's logsBloom is the bloom of its logs;
 * a block's is the bloom of all its receipts' logs.
 * @example logsBloom([]) // { bloom: Uint8Array(256) of zeros }
 */
export function logsBloom(logs: readonly unknown[], into: Uint8Array = new Uint8Array(256)): { bloom: Uint8Array } | { unknown: string } {
  for (const [index, log] of logs.entries()) {
    if (log === null || typeof log !== 'object') return { unknown: `log ${index} is not an object` }
    const { address, topics } = log as { address?: unknown; topics?: unknown }
    if (typeof address !== 'string' || !HEX.test(address)) return { unknown: `log ${index}'s address is not hex` }
    if (!Array.isArray(topics)) return { unknown: `log ${index}'s topics is not an array` }
    addToBloom(into, hexToBytes(address))
    for (const topic of topics) {
      if (typeof topic !== 'string' || !HEX.test(topic)) return { unknown: `log ${index} has a topic that is not hex` }
      addToBloom(into, hexToBytes(topic))
    }
  }
  return { bloom: into }
}

/** A bloom as the 0x-prefixed hex a node answers. */
export function bloomHex(bloom: Uint8Array): string {
  return hexOf(bloom)
}
