import { BadRequestError } from './badRequestError.js'

/** Most wallets one request may name (openapi.yaml parameter `addresses`). */
export const MAX_ADDRESSES = 20
const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * The `addresses` query parameter of /portfolio and /portfolio/selected: comma-separated addresses,
 * at most 20, duplicates counted once. Absent: undefined (the caller uses the treasury's wallets).
 */
export function parseAddresses(values: readonly string[]): string[] | undefined {
  if (values.length === 0) return undefined
  if (values.length > 1) throw new BadRequestError('query parameter addresses given more than once (use one comma-separated list)')
  const list = (values[0] as string).split(',')
  if (list.length > MAX_ADDRESSES) throw new BadRequestError(`query parameter addresses: at most ${MAX_ADDRESSES} addresses, got ${list.length}`)
  for (const entry of list) {
    if (!ADDRESS.test(entry)) throw new BadRequestError(`query parameter addresses: not an address: ${JSON.stringify(entry.slice(0, 64))}`)
  }
  const seen = new Set<string>()
  return list.filter((address) => {
    const key = address.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
