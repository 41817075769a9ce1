import type { Finding } from '../checks/finding.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { RunContext } from '../run/runContext.js'
import type { MethodSpec } from '../spec/loadOpenRpc.js'
import type { Exchange } from '../transport/exchange.js'

/** Something of a chain that an example's params name: a block, a transaction, a chain, a sender, a filter. */
export interface NamedChainData {
  kind: 'block-number' | 'block-hash' | 'transaction-hash' | 'chain-id' | 'sender' | 'filter-id'
  value: string
  /** A sender the call does not name: the caller a node assumes for a call that moves value with no `from` (the zero address). */
  implicit?: boolean
}

/** JSON-RPC's "method not found": whatever the params name, the method itself is missing, which is the node's failure. */
const METHOD_NOT_FOUND = -32601
/** The most values of one example's params looked at (an example is small; a pathological one is not walked whole). */
const MAX_NAMED = 16

const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/i
const HEX = /^0x[0-9a-f]+$/i
/** The caller nodes assume for a call that names no sender. */
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'
const HASH32 = /^0x[0-9a-f]{64}$/i
const ADDRESS = /^0x[0-9a-f]{40}$/i

/** A param's or member's name as it is matched: lower case, letters and digits only ("Block hash" is blockhash). */
const keyOf = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '')

/** What a string found under `key` names, if anything this module can look up. */
function named(key: string, value: string): NamedChainData | null {
  if (key.includes('filter') && (key.endsWith('id') || key.endsWith('identifier')) && HEX.test(value)) return { kind: 'filter-id', value }
  if (key === 'chainid' && QUANTITY.test(value)) return { kind: 'chain-id', value }
  if (key === 'from' && ADDRESS.test(value)) return { kind: 'sender', value }
  if (key.includes('transactionhash') || key === 'txhash') return HASH32.test(value) ? { kind: 'transaction-hash', value } : null
  // Counts of blocks (blockCount, "Number of blocks to return") are no block.
  if ((key.includes('block') && !key.includes('count') && !key.startsWith('numberof')) || key === 'number') {
    if (HASH32.test(value)) return { kind: 'block-hash', value }
    if (QUANTITY.test(value)) return { kind: 'block-number', value }
  }
  return null
}

/**
 * The blocks, transactions, chain ids, senders and filters an example's params name, read by the
 * names the spec gives its params and by the member names of the objects they hold (blockHash,
 * fromBlock, chainId, from...): what a chain other than the one the example was written against
 * may not hold.
 */
export function namedChainData(method: MethodSpec, params: readonly unknown[]): NamedChainData[] {
  const found: NamedChainData[] = []
  const add = (one: NamedChainData | null): void => {
    if (one !== null && !found.some((f) => f.kind === one.kind && f.value === one.value)) found.push(one)
  }
  const visit = (value: unknown, key: string, depth: number): void => {
    if (found.length >= MAX_NAMED || depth > 4) return
    if (typeof value === 'string') {
      add(named(key, value))
    } else if (Array.isArray(value)) {
      for (const item of value.slice(0, MAX_NAMED)) visit(item, key, depth + 1)
    } else if (value !== null && typeof value === 'object') {
      const members = value as Record<string, unknown>
      // A call that moves value and names no sender is made from the node's default caller.
      const moved = typeof members['value'] === 'string' && QUANTITY.test(members['value']) && BigInt(members['value']) > 0n
      if (moved && members['from'] === undefined) add({ kind: 'sender', value: ZERO_ADDRESS, implicit: true })
      for (const [member, inner] of Object.entries(members).slice(0, MAX_NAMED)) visit(inner, keyOf(member), depth + 1)
    }
  }
  params.forEach((value, i) => visit(value, keyOf(method.params[i]?.name ?? ''), 0))
  return found
}

/** A result of a read the target answered, or undefined when it answered none (then nothing is concluded from it). */
async function readAnswer(context: RunContext, method: string, params: unknown[]): Promise<{ value: unknown } | undefined> {
  const outcome = outcomeOf(await context.http!.call(method, params))
  return outcome.kind === 'result' ? { value: outcome.value } : undefined
}

/**
 * Which of `named` the target does not hold, each as the reason an example naming it cannot be
 * expected to answer a result there: a block past its head or of a hash it does not know, a
 * transaction it does not know, another chain id, a sender without balance, a filter this run never
 * created. Looked up with read methods only; what cannot be looked up is not concluded, and neither
 * is what only `judged`, the method whose answer is being excused, could say: a node whose
 * eth_getBlockByHash answers nothing must not have its own example excused by that same nothing.
 */
export async function unheldChainData(context: RunContext, named: readonly NamedChainData[], judged?: string): Promise<string[]> {
  if (named.length === 0) return []
  const read = (method: string, params: unknown[]): Promise<{ value: unknown } | undefined> =>
    method === judged ? Promise.resolve(undefined) : readAnswer(context, method, params)
  const reasons: string[] = []
  let head: bigint | null | undefined
  const headOf = async (): Promise<bigint | null> => {
    if (head !== undefined) return head
    const answered = await read('eth_blockNumber', [])
    head = typeof answered?.value === 'string' && QUANTITY.test(answered.value) ? BigInt(answered.value) : null
    return head
  }
  for (const data of named) {
    if (data.kind === 'filter-id') {
      reasons.push(`filter ${data.value} was never created by this run`)
    } else if (data.kind === 'block-number') {
      const at = await headOf()
      if (at !== null && BigInt(data.value) > at) reasons.push(`block ${data.value} is past the target's head (${`0x${at.toString(16)}`})`)
    } else if (data.kind === 'block-hash') {
      const block = await read('eth_getBlockByHash', [data.value, false])
      if (block !== undefined && block.value === null) reasons.push(`block ${data.value} is not on the target's chain`)
    } else if (data.kind === 'transaction-hash') {
      const tx = await read('eth_getTransactionByHash', [data.value])
      if (tx !== undefined && tx.value === null) reasons.push(`transaction ${data.value} is not on the target's chain`)
    } else if (data.kind === 'chain-id') {
      const chain = await read('eth_chainId', [])
      if (typeof chain?.value === 'string' && QUANTITY.test(chain.value) && BigInt(chain.value) !== BigInt(data.value))
        reasons.push(`chain id ${data.value} is not the target's (${chain.value})`)
    } else {
      const balance = await read('eth_getBalance', [data.value, 'latest'])
      if (typeof balance?.value === 'string' && QUANTITY.test(balance.value) && BigInt(balance.value) === 0n) {
        reasons.push(`sender ${data.value}${data.implicit === true ? ' (the default caller: the call names no sender)' : ''} holds no balance on the target`)
      }
    }
  }
  return reasons
}

/**
 * Whether findings on an example's answer could come from chain data the target does not hold rather
 * than from the node: an error other than "method not found", or a null result, and nothing else
 * wrong (a broken envelope, or a result of the wrong shape, is the node's whatever the params name).
 */
export function mayBeUnheldData(exchange: Exchange, findings: readonly Finding[]): boolean {
  if (findings.length === 0) return false
  const outcome = outcomeOf(exchange)
  if (outcome.kind === 'error') return outcome.code !== METHOD_NOT_FOUND && findings.every((f) => f.kind === 'unexpected-error')
  return outcome.kind === 'result' && outcome.value === null && findings.every((f) => f.kind === 'schema-violation')
}
