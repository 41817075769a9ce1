import { everyBlock, rangeBlocksOnly } from '../blockHooks.js'
import type { MutantDefinition } from '../mutant.js'
import { addToQuantity, errorAnswer, hasResult, isObject, numericRange, resultAnswer } from '../rpcMessage.js'

const RANGE = 'eth_getBlockRange'

/**
 * Broken variants of eth_getBlockRange (interface spec 2.1, 4.2): RANGE-SHAPE, RANGE-ORDER,
 * RANGE-TAGS, RANGE-FULLTX, RANGE-CONSISTENT, RANGE-INVALID. The RANGE-ORDER ones touch ranges
 * given as two numbers only (tags resolved on another code path): the tag checks look at the order
 * too, and would rightly count a wrong order there against RANGE-TAGS.
 */
export const rangeMutants: MutantDefinition[] = [
  {
    name: 'range-no-total-difficulty',
    requirement: 'RANGE-SHAPE',
    description: 'every block, wherever shown, leaves out totalDifficulty (as post-merge nodes do); section 2.1 requires it in range blocks',
    create: () =>
      everyBlock((block) => {
        const { totalDifficulty: _dropped, ...rest } = block
        return rest
      }),
  },
  {
    name: 'range-descending',
    requirement: 'RANGE-ORDER',
    description: 'a range given as two numbers is answered newest block first',
    create: () => ({
      response: (call, response) =>
        call.method === RANGE && numericRange(call.params) !== null && hasResult(response) && Array.isArray(response.result)
          ? { ...response, result: [...response.result].reverse() }
          : response,
    }),
  },
  {
    name: 'range-end-exclusive',
    requirement: 'RANGE-ORDER',
    description: 'a range of two different numbers leaves out its last block (end treated as exclusive)',
    create: () => ({
      response(call, response) {
        const range = call.method === RANGE ? numericRange(call.params) : null
        if (range === null || range.start >= range.end || !hasResult(response) || !Array.isArray(response.result)) return response
        return { ...response, result: response.result.slice(0, -1) }
      },
    }),
  },
  {
    name: 'range-tags-unresolved',
    requirement: 'RANGE-TAGS',
    description: 'like l2geth, "latest"/"pending" as the end are not resolved first: with a numeric start they count as -1/-2, "start greater than end"',
    create: () => ({
      request(call) {
        const [start, end] = call.params
        if (call.method !== RANGE || typeof start !== 'string' || !/^0x[0-9a-f]+$/i.test(start) || (end !== 'latest' && end !== 'pending')) return undefined
        const raw = end === 'latest' ? -1 : -2
        return { answer: errorAnswer(call.id, -32000, `Start of block range (${BigInt(start)}) is greater than end of block range (${raw})`) }
      },
    }),
  },
  {
    name: 'range-earliest-refused',
    requirement: 'RANGE-TAGS',
    description: 'eth_getBlockRange refuses the tag "earliest" (-32602), though it accepts "latest" and "pending"',
    create: () => ({
      request: (call) =>
        call.method === RANGE && (call.params[0] === 'earliest' || call.params[1] === 'earliest')
          ? { answer: errorAnswer(call.id, -32602, 'invalid argument 0: hex string without 0x prefix') }
          : undefined,
    }),
  },
  {
    name: 'range-fulltx-wrong-block-hash',
    requirement: 'RANGE-FULLTX',
    description: "with true, the full transaction objects name the parent block's hash as their blockHash",
    create: () =>
      rangeBlocksOnly((block, _i, params) => {
        if (params[2] !== true || !Array.isArray(block.transactions)) return block
        return { ...block, transactions: block.transactions.map((tx) => (isObject(tx) ? { ...tx, blockHash: block.parentHash } : tx)) }
      }),
  },
  {
    name: 'range-fulltx-first-block-only',
    requirement: 'RANGE-FULLTX',
    description: 'with true, only the first block of the range holds full transaction objects; the others hold hashes',
    create: () =>
      rangeBlocksOnly((block, i, params) => {
        if (params[2] !== true || i === 0 || !Array.isArray(block.transactions)) return block
        return { ...block, transactions: block.transactions.map((tx) => (isObject(tx) ? tx.hash : tx)) }
      }),
  },
  {
    name: 'range-size-off-by-one',
    requirement: 'RANGE-CONSISTENT',
    description: 'range blocks state a size one byte larger than eth_getBlockByNumber/ByHash say',
    create: () => rangeBlocksOnly((block) => ({ ...block, size: addToQuantity(block.size, 1n) })),
  },
  {
    name: 'range-reversed-empty',
    requirement: 'RANGE-INVALID',
    description: 'a range whose start is after its end is answered [] instead of an error',
    create: () => ({
      request(call) {
        const range = call.method === RANGE ? numericRange(call.params) : null
        return range !== null && range.start > range.end ? { answer: resultAnswer(call.id, []) } : undefined
      },
    }),
  },
  {
    name: 'range-oversized-hangs',
    requirement: 'RANGE-INVALID',
    description: 'a range of more than 1000 blocks is never answered (the node tries to build it); the run must report it, not hang',
    runArgs: ['--timeout', '3000'],
    create: () => ({
      request(call) {
        const range = call.method === RANGE ? numericRange(call.params) : null
        return range !== null && range.end - range.start + 1n > 1000n ? { hang: true } : undefined
      },
    }),
  },
]
