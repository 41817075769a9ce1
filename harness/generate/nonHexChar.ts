import * as fc from 'fast-check'

/**
 * A character that is no hex digit and that no lenient decoder skips over (no upper-case A-F:
 * geth's hexutil accepts those, so they would not certainly probe an error).
 */
export function nonHexChar(): fc.Arbitrary<string> {
  return fc.constantFrom('g', 'z', 'x', 'G', 'Z', ' ', '-', '.', '_', '+', '\u00e9')
}

/** Inserts `char` into the hex digits of `hex` ("0x…") at a position chosen by `at`. */
export function insertAfterPrefix(hex: string, char: string, at: number): string {
  const position = 2 + (at % (hex.length - 1))
  return hex.slice(0, position) + char + hex.slice(position)
}
