import { ErrorCode, RpcError } from '../rpc/rpcError.js'

/** The event streams eth_subscribe offers (geth 1.9's eth namespace). */
export type SubscriptionKind = 'newHeads' | 'logs' | 'newPendingTransactions' | 'syncing'

/**
 * The filter of a `logs` subscription, normalized (lower case, single values as one-element lists):
 * any of `addresses` (null: any address), and by position any of the listed topics (null: any).
 */
export interface LogFilter {
  addresses: string[] | null
  topics: Array<string[] | null>
}

export interface SubscribeRequest {
  kind: SubscriptionKind
  filter?: LogFilter
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HASH = /^0x[0-9a-fA-F]{64}$/
const KINDS: ReadonlySet<string> = new Set<SubscriptionKind>(['newHeads', 'logs', 'newPendingTransactions', 'syncing'])

/**
 * eth_subscribe params: `[kind]`, or `["logs", filter?]`. An unknown kind answers -32601
 * `no "foo" subscription in eth namespace`, like geth; malformed params answer -32602.
 */
export function parseSubscribeParams(params: unknown): SubscribeRequest {
  if (!Array.isArray(params) || params.length === 0) throw invalid('expected the subscription name as the first argument')
  const [kind, filter, ...rest] = params as unknown[]
  if (typeof kind !== 'string') throw invalid('invalid argument 0: the subscription name must be a string')
  if (!KINDS.has(kind)) throw new RpcError(ErrorCode.methodNotFound, `no "${kind}" subscription in eth namespace`)
  if (kind !== 'logs') {
    if (params.length > 1) throw invalid('too many arguments, want at most 1')
    return { kind: kind as SubscriptionKind }
  }
  if (rest.length > 0) throw invalid('too many arguments, want at most 2')
  return filter === undefined || filter === null ? { kind: 'logs' } : { kind: 'logs', filter: parseLogFilter(filter) }
}

/** The logs filter object (address and topics; block bounds do not apply to a live stream). */
function parseLogFilter(value: unknown): LogFilter {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('invalid argument 1: the filter must be an object')
  const raw = value as Record<string, unknown>
  const filter: LogFilter = { addresses: null, topics: [] }
  const address = raw['address']
  if (address !== undefined && address !== null) {
    const list: unknown[] = Array.isArray(address) ? address : [address]
    for (const entry of list) {
      if (typeof entry !== 'string' || !ADDRESS.test(entry)) throw invalid(`invalid argument 1: invalid address ${JSON.stringify(entry)}`)
    }
    if (list.length > 0) filter.addresses = (list as string[]).map((entry) => entry.toLowerCase())
  }
  const topics = raw['topics']
  if (topics !== undefined && topics !== null) {
    if (!Array.isArray(topics)) throw invalid('invalid argument 1: topics must be an array')
    if (topics.length > 4) throw invalid('invalid argument 1: at most 4 topic positions')
    filter.topics = topics.map((position: unknown) => {
      if (position === null) return null
      const alternatives: unknown[] = Array.isArray(position) ? position : [position]
      for (const topic of alternatives) {
        if (topic !== null && (typeof topic !== 'string' || !HASH.test(topic))) throw invalid(`invalid argument 1: invalid topic ${JSON.stringify(topic)}`)
      }
      // As in geth, a null among the alternatives (or no alternative at all) matches anything.
      if (alternatives.length === 0 || alternatives.includes(null)) return null
      return (alternatives as string[]).map((topic) => topic.toLowerCase())
    })
  }
  return filter
}

function invalid(message: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, message)
}
