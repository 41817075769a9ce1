/** The selector of Solidity's Error(string): a revert with a reason. */
export const ERROR_SELECTOR = '0x08c379a0'

/**
 * The reason of a revert's data, decoded strictly as Solidity's Error(string) (the selector, then the
 * ABI encoding of one string: its offset 0x20, its length, its UTF-8 bytes), or why it is not one.
 * Total over any value.
 */
export function decodeRevertReason(data: unknown): { reason: string } | { problem: string } {
  if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data))
    return { problem: `the revert data ${data === undefined ? '(none)' : preview(data)} is not hex data` }
  const hex = data.toLowerCase()
  if (!hex.startsWith(ERROR_SELECTOR)) return { problem: `the revert data ${hex.slice(0, 10)}… is not Error(string) (selector ${ERROR_SELECTOR})` }
  const body = hex.slice(10)
  if (body.length < 128) return { problem: 'the revert data is too short for Error(string)' }
  const offset = BigInt(`0x${body.slice(0, 64)}`)
  if (offset !== 32n) return { problem: `Error(string)'s string offset is ${offset}, not 32` }
  const length = BigInt(`0x${body.slice(64, 128)}`)
  if (length * 2n > BigInt(body.length - 128)) return { problem: `Error(string) says its string has ${length} bytes, the data holds fewer` }
  const bytes = Buffer.from(body.slice(128, 128 + Number(length) * 2), 'hex')
  try {
    return { reason: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
  } catch {
    return { problem: "Error(string)'s string is not UTF-8" }
  }
}

/** A value as a message shows it: JSON, bounded. */
function preview(value: unknown): string {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}
