import type { MutantDefinition, MutantHooks, RpcCall } from '../mutant.js'
import { hasResult } from '../rpcMessage.js'
import { STATE_READS } from './historyMutants.js'

/** How far behind the head a block must be for these variants to misbehave: an aged chain's old blocks only. */
export const AGED_FROM = 100

/** The reference these variants are certified against: old enough that most of its blocks are aged. */
export const AGED_REFERENCE: readonly string[] = ['--history', '3000']

const NUMBER = /^0x(0|[1-9a-f][0-9a-f]{0,15})$/i

/**
 * Hooks that know the head (the newest eth_blockNumber answer seen) and rewrite a request whose
 * numbered block lies at least AGED_FROM behind it; blocks named by hash or tag are left alone.
 */
function agedHooks(rewrite: (call: RpcCall, old: (block: unknown) => boolean) => { forward: unknown } | undefined): () => MutantHooks {
  return () => {
    let head = -1
    const old = (block: unknown): boolean =>
      head >= AGED_FROM && (block === 'earliest' || (typeof block === 'string' && NUMBER.test(block) && Number(BigInt(block)) <= head - AGED_FROM))
    return {
      request: (call) => rewrite(call, old),
      response(call, response) {
        if (call.method === 'eth_blockNumber' && hasResult(response) && typeof response.result === 'string' && NUMBER.test(response.result))
          head = Math.max(head, Number(BigInt(response.result)))
        return response
      },
    }
  }
}

const withParams = (call: RpcCall, params: unknown[]): { forward: unknown } => ({ forward: { ...(call.request as Record<string, unknown>), params } })

/**
 * The state-history variants again, misbehaving only for blocks at least AGED_FROM behind the head:
 * a node right about its recent past and wrong about its old one (state answered from the head, logs
 * past their range, proofs of the head's root). Certified against a reference with AGED_REFERENCE's
 * history, so a suite that only ever looks near the head lets them pass.
 */
export const agedHistoryMutants: MutantDefinition[] = [
  {
    name: 'state-past-as-latest-aged',
    requirement: 'RPC-STANDARD',
    description: `eth_getBalance, eth_getTransactionCount, eth_getCode, eth_getStorageAt and eth_call at a block ${AGED_FROM} or more behind the head (by number, or "earliest") answer the latest state; recent blocks answer right`,
    reference: AGED_REFERENCE,
    create: agedHooks((call, old) => {
      const at = call.method === undefined ? undefined : STATE_READS[call.method]
      if (at === undefined || call.params.length <= at || !old(call.params[at])) return undefined
      const params = [...call.params]
      params[at] = 'latest'
      return withParams(call, params)
    }),
  },
  {
    name: 'logs-to-block-ignored-aged',
    requirement: 'RPC-STANDARD',
    description: `eth_getLogs ignores a numeric toBlock ${AGED_FROM} or more behind the head: an old range answers the logs up to the head; recent ranges answer right`,
    reference: AGED_REFERENCE,
    create: agedHooks((call, old) => {
      const [filter] = call.params
      if (call.method !== 'eth_getLogs' || filter === null || typeof filter !== 'object' || Array.isArray(filter)) return undefined
      const { toBlock } = filter as Record<string, unknown>
      if (!old(toBlock)) return undefined
      return withParams(call, [{ ...filter, toBlock: 'latest' }, ...call.params.slice(1)])
    }),
  },
  {
    name: 'proof-latest-root-aged',
    requirement: 'RPC-STANDARD',
    description: `eth_getProof at a block ${AGED_FROM} or more behind the head answers the proof of the latest state; recent blocks answer right`,
    reference: AGED_REFERENCE,
    create: agedHooks((call, old) => {
      if (call.method !== 'eth_getProof' || call.params.length < 3 || !old(call.params[2])) return undefined
      return withParams(call, [call.params[0], call.params[1], 'latest', ...call.params.slice(3)])
    }),
  },
]
