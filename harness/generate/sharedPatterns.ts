/**
 * The patterns of the shared schemas in openrpc.json `components/schemas` (fixed for the whole
 * project). Generators recognise a param schema by these exact strings, so a schema that uses them
 * gets the domain arbitrary (`quantity()`, `data()`, ...) instead of a generic string generator.
 */
export const sharedPatterns = {
  /** QUANTITY: hex, no leading zeros, "0x0" for zero. */
  quantity: '^0x(0|[1-9a-f][0-9a-f]*)$',
  /** DATA: hex bytes, an even number of digits. */
  data: '^0x([0-9a-f]{2})*$',
  /** A 32-byte hash. */
  hash32: '^0x[0-9a-f]{64}$',
  /** A 20-byte address; a correct node may answer it EIP-55 checksummed. */
  address: '^0x[0-9a-fA-F]{40}$',
} as const

export type SharedPatternName = keyof typeof sharedPatterns
