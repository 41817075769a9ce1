/** The address and topic criteria of a log filter (eth_getLogs, `logs` subscriptions), normalized to lowercase. */
export interface LogCriteria {
  /** Any of these addresses; null = any address. */
  addresses: readonly string[] | null
  /** Per topic position: any of these values; null = anything. */
  topics: readonly (readonly string[] | null)[]
}

/**
 * Whether `log` passes the address and topic criteria (the block range is the query's business).
 * Topics are positional, as in geth: a filter with more positions than the log has topics does not
 * match, even where those positions are wildcards.
 */
export function matchesLogFilter(log: { address: string; topics: readonly string[] }, filter: LogCriteria): boolean {
  if (filter.addresses !== null && filter.addresses.length > 0 && !filter.addresses.includes(log.address.toLowerCase())) return false
  if (filter.topics.length > log.topics.length) return false
  for (const [i, allowed] of filter.topics.entries()) {
    if (allowed === null || allowed.length === 0) continue
    if (!allowed.includes((log.topics[i] as string).toLowerCase())) return false
  }
  return true
}
