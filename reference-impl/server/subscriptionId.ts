import { randomBytes } from 'node:crypto'

/**
 * A new eth_subscribe id: "0x" and 16 random bytes in hex, like geth's. The first nibble is never
 * zero, so the id reads the same as a 16-byte data value and as a quantity without leading zeros.
 */
export function subscriptionId(): string {
  const bytes = randomBytes(16)
  bytes[0] = 0x10 + ((bytes[0] as number) % 0xf0)
  return `0x${bytes.toString('hex')}`
}
