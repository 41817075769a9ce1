import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SpecChange } from './specChange.js'
import { specDiffFiles } from './specDiff.js'

// Two real versions of a foreign spec (fixtures/execution-apis/README.md says where they are from).
const FIXTURES = new URL('./fixtures/execution-apis/', import.meta.url).pathname
const OLD = join(FIXTURES, 'openrpc-8deedf15.json')
const NEW = join(FIXTURES, 'openrpc-033ca6e6.json')

type Side = 'client' | 'server' | 'both' | 'compatible'

/**
 * Every change between the two versions, each checked by hand against the documents: the method,
 * what changed (`request` a param schema, `response` the result schema, else the kind of change),
 * the JSON pointers into the old and the new file, and the side it breaks. The rule throughout: a
 * param (what clients send) narrowed breaks clients, widened breaks servers (nodes conforming to the
 * old version may refuse the new values); a result (what nodes send) narrowed breaks servers,
 * widened breaks clients (they may receive what they never expected); neither way, both.
 */
const EXPECTED: Array<[where: string, what: string, old: string | null, new: string | null, side: Side]> = [
  // `byte` was ^0x([0-9a-fA-F]?){1,2}$ and is ^0x[0-9a-f]{1,2}$: "0x" and upper-case digits are no
  // longer accepted, and nothing new is (a narrowing). In a result (yParity, v, a receipt's type)
  // nodes that returned those no longer conform; in a param (a transaction's type) clients that sent
  // them are refused. A component changed is said once per param or result, where it is first met.
  ['debug_getBadBlocks', 'response', '/components/schemas/byte', '/components/schemas/byte', 'server'],
  ['eth_getBlockByHash', 'response', '/components/schemas/byte', '/components/schemas/byte', 'server'],
  ['eth_getBlockByNumber', 'response', '/components/schemas/byte', '/components/schemas/byte', 'server'],
  ['eth_getBlockReceipts', 'response', '/components/schemas/byte', '/components/schemas/byte', 'server'],
  ['eth_getTransactionByBlockHashAndIndex', 'response', '/components/schemas/byte', '/components/schemas/byte', 'server'],
  ['eth_getTransactionByBlockNumberAndIndex', 'response', '/components/schemas/byte', '/components/schemas/byte', 'server'],
  ['eth_getTransactionByHash', 'response', '/components/schemas/byte', '/components/schemas/byte', 'server'],
  ['eth_getTransactionReceipt', 'response', '/components/schemas/byte', '/components/schemas/byte', 'server'],
  ['eth_simulateV1', 'response', '/components/schemas/byte', '/components/schemas/byte', 'server'],
  ['eth_call', 'request', '/components/schemas/byte', '/components/schemas/byte', 'client'],
  ['eth_createAccessList', 'request', '/components/schemas/byte', '/components/schemas/byte', 'client'],
  ['eth_estimateGas', 'request', '/components/schemas/byte', '/components/schemas/byte', 'client'],
  ['eth_sendTransaction', 'request', '/components/schemas/byte', '/components/schemas/byte', 'client'],
  ['eth_signTransaction', 'request', '/components/schemas/byte', '/components/schemas/byte', 'client'],
  // BlockStateCalls puts `properties` beside `type: array` on both sides (inert for a validator); the
  // change inside is compared as its authors wrote it: a call's type narrowed, in a param.
  ['eth_simulateV1', 'request', '/components/schemas/byte', '/components/schemas/byte', 'client'],

  // A block access list's `index` went from uint64 to uint32: indices above 2^32-1 are refused in a result.
  ['eth_getBlockAccessList', 'response', '/components/schemas/uint64', '/components/schemas/uint32', 'server'],
  // uintDecimal was ^[1-9][0-9]*$ and is ^(0|[1-9][0-9]*)$: "0" is new in a result, clients may receive it.
  ['net_version', 'response', '/components/schemas/uintDecimal', '/components/schemas/uintDecimal', 'client'],
  // The result was a bytes string and is a {raw, tx} object: no value valid before is valid now.
  ['eth_signTransaction', 'response', '/components/schemas/bytes', '/components/schemas/SignTransactionResult', 'both'],

  // GenericTransaction is closed (additionalProperties: false) and gains optional `commitments` and
  // `proofs`: a param that accepts more, which nodes conforming to the old version may refuse.
  ['eth_call', 'request', '/components/schemas/GenericTransaction', '/components/schemas/GenericTransaction/properties/commitments', 'server'],
  ['eth_call', 'request', '/components/schemas/GenericTransaction', '/components/schemas/GenericTransaction/properties/proofs', 'server'],
  ['eth_createAccessList', 'request', '/components/schemas/GenericTransaction', '/components/schemas/GenericTransaction/properties/commitments', 'server'],
  ['eth_createAccessList', 'request', '/components/schemas/GenericTransaction', '/components/schemas/GenericTransaction/properties/proofs', 'server'],
  ['eth_estimateGas', 'request', '/components/schemas/GenericTransaction', '/components/schemas/GenericTransaction/properties/commitments', 'server'],
  ['eth_estimateGas', 'request', '/components/schemas/GenericTransaction', '/components/schemas/GenericTransaction/properties/proofs', 'server'],
  ['eth_sendTransaction', 'request', '/components/schemas/GenericTransaction', '/components/schemas/GenericTransaction/properties/commitments', 'server'],
  ['eth_sendTransaction', 'request', '/components/schemas/GenericTransaction', '/components/schemas/GenericTransaction/properties/proofs', 'server'],
  ['eth_signTransaction', 'request', '/components/schemas/GenericTransaction', '/components/schemas/GenericTransaction/properties/commitments', 'server'],
  ['eth_signTransaction', 'request', '/components/schemas/GenericTransaction', '/components/schemas/GenericTransaction/properties/proofs', 'server'],

  // PayloadAttributesV4 (open) gains `targetGasLimit` and requires it: one change, a param narrowed
  // (clients that leave it out are refused), not also "a compatible property added".
  [
    'engine_forkchoiceUpdatedV4',
    'request',
    '/components/schemas/PayloadAttributesV4',
    '/components/schemas/PayloadAttributesV4/properties/targetGasLimit',
    'client',
  ],

  // A filter's fromBlock was a uint and is oneOf [uint, block tag]: the old schema is one branch, the
  // tag one more (a param widened; toBlock is the same pair of components, said once).
  ['eth_getLogs', 'request', '/components/schemas/uint', '/components/schemas/BlockTagForRange', 'server'],
  ['eth_newFilter', 'request', '/components/schemas/uint', '/components/schemas/BlockTagForRange', 'server'],
  // A topic entry gains the branch null ("any topic"); its two old branches are kept.
  ['eth_getLogs', 'request', '/components/schemas/FilterTopic', '/components/schemas/FilterTopic/oneOf/0', 'server'],
  ['eth_newFilter', 'request', '/components/schemas/FilterTopic', '/components/schemas/FilterTopic/oneOf/0', 'server'],

  // Block (open: other members were allowed) gains an optional `blockAccessListHash`: compatible.
  ['debug_getBadBlocks', 'response', '/components/schemas/Block', '/components/schemas/Block/properties/blockAccessListHash', 'compatible'],
  ['eth_getBlockByHash', 'response', '/components/schemas/Block', '/components/schemas/Block/properties/blockAccessListHash', 'compatible'],
  ['eth_getBlockByNumber', 'response', '/components/schemas/Block', '/components/schemas/Block/properties/blockAccessListHash', 'compatible'],
  ['eth_simulateV1', 'response', '/components/schemas/Block', '/components/schemas/Block/properties/blockAccessListHash', 'compatible'],

  // The block param made optional: nodes must now accept it left out.
  ['eth_getBalance', 'param-optional', '/methods/39/params/1', '/methods/51/params/1', 'server'],
  ['eth_getCode', 'param-optional', '/methods/46/params/1', '/methods/58/params/1', 'server'],
  ['eth_getProof', 'param-optional', '/methods/50/params/2', '/methods/62/params/2', 'server'],
  ['eth_getStorageAt', 'param-optional', '/methods/51/params/2', '/methods/63/params/2', 'server'],
  ['eth_getStorageValues', 'param-optional', '/methods/52/params/1', '/methods/64/params/1', 'server'],
  ['eth_getTransactionCount', 'param-optional', '/methods/56/params/1', '/methods/68/params/1', 'server'],
  // An optional param added: nodes must accept it; clients need not send it.
  ['engine_forkchoiceUpdatedV4', 'param-added', '/methods/10', '/methods/14/params/2', 'server'],

  // Error codes added: clients may now receive them. Changed (4445 -> -32001): clients matching the
  // old code miss it, nodes answering it no longer conform.
  ['debug_getRawTransaction', 'error-code-added', '/methods/4/errors', '/methods/5/errors/1', 'client'],
  ['engine_forkchoiceUpdatedV1', 'error-code-added', '/methods/7/errors', '/methods/11/errors/2', 'client'],
  ['engine_forkchoiceUpdatedV2', 'error-code-added', '/methods/8/errors', '/methods/12/errors/2', 'client'],
  ['engine_forkchoiceUpdatedV3', 'error-code-added', '/methods/9/errors', '/methods/13/errors/4', 'client'],
  ['engine_forkchoiceUpdatedV4', 'error-code-added', '/methods/10/errors', '/methods/14/errors/4', 'client'],
  ['engine_getPayloadBodiesByRangeV1', 'error-code-added', '/methods/16/errors', '/methods/23/errors/0', 'client'],
  ['engine_getPayloadBodiesByRangeV2', 'error-code-added', '/methods/17/errors', '/methods/24/errors/0', 'client'],
  ['engine_getPayloadV2', 'error-code-added', '/methods/19/errors', '/methods/26/errors/1', 'client'],
  ['engine_newPayloadV2', 'error-code-added', '/methods/25/errors', '/methods/32/errors/1', 'client'],
  ['eth_getBlockAccessList', 'error-code-changed', '/methods/40/errors/1', '/methods/52/errors/1', 'both'],

  // Methods removed: clients calling them are refused.
  ['eth_getUncleCountByBlockHash', 'method-removed', '/methods/58', null, 'client'],
  ['eth_getUncleCountByBlockNumber', 'method-removed', '/methods/59', null, 'client'],
  // Methods added: nodes must now serve them.
  ['debug_getRawBlockAccessList', 'method-added', null, '/methods/2', 'server'],
  ['debug_traceBlockByHash', 'method-added', null, '/methods/6', 'server'],
  ['debug_traceBlockByNumber', 'method-added', null, '/methods/7', 'server'],
  ['debug_traceTransaction', 'method-added', null, '/methods/8', 'server'],
  ['engine_forkchoiceUpdatedV5', 'method-added', null, '/methods/15', 'server'],
  ['engine_getBlobsV4', 'method-added', null, '/methods/19', 'server'],
  ['engine_getInclusionListV1', 'method-added', null, '/methods/20', 'server'],
  ['engine_newPayloadV6', 'method-added', null, '/methods/36', 'server'],
  ['eth_baseFee', 'method-added', null, '/methods/38', 'server'],
  ['eth_capabilities', 'method-added', null, '/methods/42', 'server'],
  ['eth_config', 'method-added', null, '/methods/45', 'server'],
  ['eth_fillTransaction', 'method-added', null, '/methods/49', 'server'],
  ['testing_buildBlockV1', 'method-added', null, '/methods/82', 'server'],
  ['txpool_content', 'method-added', null, '/methods/83', 'server'],
  ['txpool_contentFrom', 'method-added', null, '/methods/84', 'server'],
  ['txpool_status', 'method-added', null, '/methods/85', 'server'],
]

function sideOf(change: SpecChange): Side {
  if (change.breaks.length === 0) return 'compatible'
  return change.breaks.length === 2 ? 'both' : (change.breaks[0] as 'client' | 'server')
}

function whatOf(change: SpecChange): string {
  return change.kind.startsWith('request-') ? 'request' : change.kind.startsWith('response-') ? 'response' : change.kind
}

const key = (where: string, what: string, old: string | null, next: string | null): string => `${where} ${what} ${old ?? '(absent)'} -> ${next ?? '(absent)'}`

describe('spec-diff between two versions of the execution-apis OpenRPC document', () => {
  it('finds exactly the hand-checked changes, each breaking the side checked by hand', async () => {
    const diff = await specDiffFiles(OLD, NEW)
    const found = new Map(diff.changes.map((c) => [key(c.where, whatOf(c), c.old, c.new), sideOf(c)]))
    expect(found.size, 'no two changes share a place').toBe(diff.changes.length)
    const expected = new Map(EXPECTED.map(([where, what, old, next, side]) => [key(where, what, old, next), side]))
    expect(expected.size).toBe(EXPECTED.length)
    expect(Object.fromEntries([...found].sort())).toEqual(Object.fromEntries([...expected].sort()))
    expect(diff.changes).toHaveLength(72)
    // 19 client-only and 2 both; 47 server-only and the same 2.
    expect(diff.summary).toEqual({ client: 21, server: 49, compatible: 4 })
  })

  it('decides every pattern change by inclusion: none is left undecided, none read as both', async () => {
    const diff = await specDiffFiles(OLD, NEW)
    const patterns = diff.changes.filter((c) => / pattern /.test(c.message))
    expect(patterns).toHaveLength(17)
    for (const c of patterns) expect(c.message, c.where).toMatch(/\((matches a subset of the strings it matched|matches every string it matched, and more)\)$/)
  })

  it('says each member once: never "property added" and "now required" for the same member', async () => {
    const diff = await specDiffFiles(OLD, NEW)
    const members = (pattern: RegExp): string[] => diff.changes.flatMap((c) => [...c.message.matchAll(pattern)].map((m) => `${c.where} ${m[1]}`))
    const added = members(/property '([^']+)' added/g)
    const required = members(/member '([^']+)' (?:is now required|added, required)/g)
    expect(added.filter((m) => required.includes(m))).toEqual([])
  })
})
