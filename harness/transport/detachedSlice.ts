/**
 * The first `length` characters of `text` as a string of their own. V8 makes a slice of a long string
 * a view that keeps the whole string alive: the start of a 63 MiB body kept as evidence would keep
 * the 63 MiB for as long as its finding lives. Copying through bytes costs only the slice's length.
 * A surrogate pair cut in half at the end becomes U+FFFD.
 * @example detachedSlice(hugeText, 8192) // 8192 characters; hugeText can be collected
 */
export function detachedSlice(text: string, length: number): string {
  if (text.length <= length) return text
  return Buffer.from(text.slice(0, length), 'utf8').toString('utf8')
}
