import type { LogCriteria } from '../chain/matchesLogFilter.js'
import { toData } from '../chain/hex.js'
import { type BlockTag, blockNumberArgument } from './blockArguments.js'
import { addressArgument, hashArgument, jsonType } from './hexArguments.js'
import { invalidArgument } from './invalidParams.js'

/** A decoded log filter: a block range or a block hash, and the address/topic criteria. */
export interface LogFilter extends LogCriteria {
  fromBlock?: { tag: BlockTag } | { number: bigint }
  toBlock?: { tag: BlockTag } | { number: bigint }
  blockHash?: Uint8Array
}

const MAX_TOPICS = 4

/**
 * The filter object of eth_getLogs and of `logs` subscriptions, decoded strictly: fromBlock/toBlock
 * (numbers or tags) or blockHash (not both), address (one or a list), topics (at most 4 positions,
 * each null, a hash, or a list of hashes where null means any). Unknown fields are ignored, as geth
 * ignores them. Addresses and topics come out lowercase for matchesLogFilter.
 */
export function logFilterArgument(value: unknown, index: number): LogFilter {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidArgument(index, `json: cannot unmarshal ${jsonType(value)} into Go value of type filters.FilterCriteria`)
  }
  const raw = value as Record<string, unknown>
  const filter: LogFilter = { addresses: null, topics: [] }
  const present = (key: string): boolean => raw[key] !== undefined && raw[key] !== null
  if (present('blockHash')) {
    if (present('fromBlock') || present('toBlock')) throw invalidArgument(index, 'cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other')
    filter.blockHash = hashArgument(raw['blockHash'], index)
  }
  if (present('fromBlock')) filter.fromBlock = blockNumberArgument(raw['fromBlock'], index)
  if (present('toBlock')) filter.toBlock = blockNumberArgument(raw['toBlock'], index)
  if (present('address')) {
    const address = raw['address']
    const list = Array.isArray(address) ? address : [address]
    filter.addresses = list.map((a) => toData(addressArgument(a, index)))
  }
  if (present('topics')) {
    const topics = raw['topics']
    if (!Array.isArray(topics)) throw invalidArgument(index, `json: cannot unmarshal ${jsonType(topics)} into Go value of type []interface {}`)
    if (topics.length > MAX_TOPICS) throw invalidArgument(index, `too many topics: ${topics.length}, at most ${MAX_TOPICS}`)
    filter.topics = topics.map((position): string[] | null => {
      if (position === null || position === undefined) return null
      if (typeof position === 'string') return [toData(hashArgument(position, index))]
      if (!Array.isArray(position)) throw invalidArgument(index, 'invalid topic(s): each position is null, a hash or a list of hashes')
      // A null inside a list makes the whole position a wildcard (geth).
      if (position.some((t) => t === null)) return null
      return position.map((t) => toData(hashArgument(t, index)))
    })
  }
  return filter
}
