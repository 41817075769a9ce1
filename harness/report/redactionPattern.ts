/**
 * The regular expression of one `--redact PATTERN` (ARCHITECTURE.md, the CLI contract: secrets never reach an
 * output): the pattern as a regular expression when it compiles, else the literal text. Global, so every
 * occurrence is masked.
 *
 * @example redactionPattern('sk_[a-z0-9]+') // /sk_[a-z0-9]+/g
 */
export function redactionPattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'g')
  } catch {
    return new RegExp(pattern.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), 'g')
  }
}
