import type { MutantDefinition, RpcCall } from '../mutant.js'
import { hasResult } from '../rpcMessage.js'

/** The state reads, with the position of their block param. */
export const STATE_READS: Readonly<Record<string, number>> = {
  eth_getBalance: 1,
  eth_getTransactionCount: 1,
  eth_getCode: 1,
  eth_getStorageAt: 2,
  eth_call: 1,
}

/** Tags that name the head: a read there is the latest state already. */
const HEAD_TAGS = new Set(['latest', 'pending', 'safe', 'finalized'])

/**
 * A valid block param that may name a past block: a hex number, "earliest", a block hash, an EIP-1898
 * object. Invalid params are left alone: their refusal is another requirement's (RPC-ERRORS).
 */
function pastBlock(block: unknown): boolean {
  if (typeof block === 'string')
    return !HEAD_TAGS.has(block) && (block === 'earliest' || /^0x(0|[1-9a-f][0-9a-f]{0,15})$/i.test(block) || /^0x[0-9a-f]{64}$/i.test(block))
  if (block === null || typeof block !== 'object' || Array.isArray(block)) return false
  const keys = Object.keys(block)
  const { blockHash, blockNumber } = block as Record<string, unknown>
  if (keys.every((k) => k === 'blockHash' || k === 'requireCanonical') && typeof blockHash === 'string') return /^0x[0-9a-f]{64}$/i.test(blockHash)
  return keys.length === 1 && blockNumber !== undefined && pastBlock(blockNumber)
}

/** How long the lagging replica of head-lagging-replica takes to learn of a new block. */
const REPLICA_LAG_MS = 200

/** The call with its params replaced. */
const withParams = (call: RpcCall, params: unknown[]): { forward: unknown } => ({ forward: { ...(call.request as Record<string, unknown>), params } })

/**
 * Broken variants of the chain's history (RPC-STANDARD, harness/scenarios/historyScenarios.ts): state served for
 * another block than the one asked, logs of another range, a head that goes back, proofs of another
 * root. Each answer keeps its shape, so only a check that knows what the chain's history says can
 * tell.
 */
export const historyMutants: MutantDefinition[] = [
  {
    name: 'state-past-as-latest',
    requirement: 'RPC-STANDARD',
    description:
      'eth_getBalance, eth_getTransactionCount, eth_getCode, eth_getStorageAt and eth_call at a past block (a number, "earliest", a block hash) answer the latest state (a node that keeps no state history and does not say so)',
    create: () => ({
      request(call) {
        const at = call.method === undefined ? undefined : STATE_READS[call.method]
        if (at === undefined || call.params.length <= at) return undefined
        if (!pastBlock(call.params[at])) return undefined
        const params = [...call.params]
        params[at] = 'latest'
        return withParams(call, params)
      },
    }),
  },
  {
    name: 'logs-to-block-ignored',
    requirement: 'RPC-STANDARD',
    description:
      'eth_getLogs ignores a toBlock given as a number: a range that ends before the head answers the logs up to the head (a log index that reads its bounds as "from here on")',
    create: () => ({
      request(call) {
        const [filter] = call.params
        if (call.method !== 'eth_getLogs' || filter === null || typeof filter !== 'object' || Array.isArray(filter)) return undefined
        const { toBlock } = filter as Record<string, unknown>
        if (typeof toBlock !== 'string' || !/^0x(0|[1-9a-f][0-9a-f]{0,15})$/i.test(toBlock)) return undefined
        return withParams(call, [{ ...filter, toBlock: 'latest' }, ...call.params.slice(1)])
      },
    }),
  },
  {
    name: 'head-lagging-replica',
    requirement: 'RPC-STANDARD',
    description: `a proxy fans the items of a batch out over two replicas in turn, the second of which learns of a new block ${REPLICA_LAG_MS} ms after the first: right after a block, the second eth_blockNumber of a batch names the block before it (the head goes back)`,
    create() {
      /** Every head the node answered, with when it was first seen, oldest first. */
      const seen: Array<{ head: unknown; at: number }> = []
      /** The eth_blockNumber answers of the batch being answered (its items' hooks run one after another, then the batch's). */
      let inBatch: Array<Record<string, unknown>> = []
      return {
        response(call, response) {
          if (call.method !== 'eth_blockNumber' || !hasResult(response)) return response
          if (seen.at(-1)?.head !== response.result) seen.push({ head: response.result, at: Date.now() })
          if (seen.length > 64) seen.splice(0, seen.length - 64)
          if (!call.inBatch) return response
          // A copy, so the batch hook knows it for this batch's.
          const item = { ...response }
          inBatch.push(item)
          return item
        },
        batch(items) {
          const ours = inBatch
          inBatch = []
          const now = Date.now()
          // The second replica answers the newest head seen at least REPLICA_LAG_MS ago (else the oldest it knows).
          const lagging = [...seen].reverse().find((entry) => now - entry.at >= REPLICA_LAG_MS) ?? seen[0]
          return items.map((item) => {
            const turn = ours.indexOf(item as Record<string, unknown>)
            return turn % 2 === 1 && lagging !== undefined ? { ...(item as Record<string, unknown>), result: lagging.head } : item
          })
        },
      }
    },
  },
  {
    name: 'proof-latest-root',
    requirement: 'RPC-STANDARD',
    description: 'eth_getProof at a past block answers the proof of the latest state (well-formed, and valid, but from another stateRoot than the block asked)',
    create: () => ({
      request(call) {
        if (call.method !== 'eth_getProof' || call.params.length < 3 || !pastBlock(call.params[2])) return undefined
        return withParams(call, [call.params[0], call.params[1], 'latest', ...call.params.slice(3)])
      },
    }),
  },
]
