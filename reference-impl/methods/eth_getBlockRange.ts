import type { Rollup } from '../chain/rollup.js'
import { ErrorCode, RpcError } from '../rpc/rpcError.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { RawJson } from '../rpc/rawJson.js'
import { responseTooLarge } from '../rpc/responseTooLarge.js'
import { booleanArgument } from './hexArguments.js'
import { invalidParams } from './invalidParams.js'
import { positionalParams } from './positionalParams.js'
import { rangeBoundArgument } from './rangeBoundArgument.js'

const OPEN = Buffer.from('[')
const COMMA = Buffer.from(',')
const CLOSE = Buffer.from(']')
const NULL = Buffer.from('null')

/** Most blocks one eth_getBlockRange call returns (end - start + 1). */
export const MAX_BLOCK_RANGE = 1000

/**
 * eth_getBlockRange (section 4.2): the blocks start..end, both inclusive, ascending, hashes or full
 * transactions; each bound a tag, a hex quantity or a plain JSON integer. Tags are resolved first (earliest = 0; latest, pending = head). start > end and more
 * than 1000 blocks are -32602; an end beyond the head is -32000 "end of requested block range (E)
 * does not exist". Each block is the object eth_getBlockByNumber returns;
 * an answer past the response-size bound is -32003 "response too large".
 */
export function eth_getBlockRange(node: Rollup): MethodHandler {
  return (params, context) => {
    const [startParam, endParam, fullParam] = positionalParams(params, 3)
    const start = rangeBoundArgument(startParam, 0)
    const end = rangeBoundArgument(endParam, 1)
    const fullTransactions = booleanArgument(fullParam, 2)
    const head = BigInt(node.chain.head)
    const resolve = (selector: typeof start): bigint => ('tag' in selector ? (selector.tag === 'earliest' ? 0n : head) : selector.number)
    const first = resolve(start)
    const last = resolve(end)
    if (first > last) throw invalidParams(`start of block range (${first}) is greater than end of block range (${last})`)
    const count = last - first + 1n
    if (count > BigInt(MAX_BLOCK_RANGE)) throw invalidParams(`requested block range is too large (max is ${MAX_BLOCK_RANGE}, requested ${count} blocks)`)
    if (last > head) throw new RpcError(ErrorCode.server, `end of requested block range (${last}) does not exist`)
    // The blocks' cached JSON bytes, with brackets and commas between them, written out as they are
    // (no copy); given up as soon as they would pass the response bound.
    const left = context.responseBytes?.left ?? Infinity
    const parts: Buffer[] = [OPEN]
    let bytes = 1
    for (let n = Number(first); n <= Number(last); n++) {
      const block = node.views.blockBytes(n, fullTransactions) ?? NULL
      if (n > first) parts.push(COMMA)
      parts.push(block)
      bytes += block.length + 1
      if (bytes > left) throw responseTooLarge(context.responseBytes?.max ?? left)
    }
    parts.push(CLOSE)
    return new RawJson(parts, bytes)
  }
}
