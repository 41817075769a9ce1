import { fileURLToPath } from 'node:url'
import * as fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkChainLinks } from '../chain/checkChainLinks.js'
import { computeBlockHash } from '../chain/computeBlockHash.js'
import { headerLayout } from '../chain/headerLayout.js'
import { transactionsRoot } from '../chain/transactionsRoot.js'
import { unknownBlockFields } from '../chain/unknownBlockFields.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'
import { boundedJson, boundedText } from './boundedJson.js'
import { batchItem, checkBatchEnvelope, checkEnvelope, envelopeProblems, transportFindings } from './envelopeFindings.js'
import { checkNotEvaluated } from './checkNotEvaluated.js'
import { checkTransactionPlacement } from '../requirements/RPC-STANDARD.placement.js'
import { firstDifference } from './firstDifference.js'
import { checkIsError, checkResult, describeError } from './outcomeFindings.js'
import { outcomeOf } from './outcomeOf.js'
import { checkFullTransactions, checkRangeOrder, checkRangeShape, rangeBlocks } from './rangeFindings.js'
import { restConsistencyProblems } from './restConsistency.js'
import { blockNumberOf, checkSameAsEquivalent, checkTaggedRange } from '../requirements/RANGE-TAGS.formFindings.js'
import { checkSealKnown } from '../requirements/RPC-STANDARD.seal.js'
import { validated } from './validated.js'
import { headOf } from './headOf.js'
import { unsolicitedFindings } from './unsolicitedFindings.js'
import { checkRangeElement, checkSameBlock } from '../requirements/RANGE-CONSISTENT.js'
import { checkTagRange, tagCases } from '../requirements/RANGE-TAGS.js'
import { checkHttpPost, checkSameInBatch } from '../requirements/RPC-HTTP.js'
import {
  checkDiffer,
  checkExpected,
  checkGeneratedAnswer,
  checkLiveAnswer,
  checkSameAtLatest,
  checkSameByHash,
  checkHeadServed,
  checkHeadsForward,
  checkProof,
  checkRangeLogs,
  checkSameStateByForm,
  checkValidAnswer,
  headNamed,
  headsOfBatch,
} from '../requirements/RPC-STANDARD.js'
import { checkExampleBatch, checkSameOverWebSocket } from '../requirements/RPC-WS.js'
import { checkCountersForward, checkIndexWithinChain, checkLayerOneHead, checkVerifiedNotAhead } from '../requirements/INFO-PROGRESS.js'
import type { RollupInfo } from '../requirements/INFO-SHAPE.js'
import { checkGasPriceAgrees } from '../requirements/GAS-CONSISTENT.js'
import { blockOf, checkBlockAnswered, checkBlockHash, checkLinks } from '../requirements/CHAIN-INTEGRITY.js'
import { checkRestShape } from '../requirements/REST-SHAPE.js'
import { checkMethodRefused, checkNotFound, checkQueryAnswer } from '../requirements/REST-ERRORS.js'
import { checkRestSums } from '../requirements/REST-CONSISTENT.js'
import { checkRangeHolds, checkReceipt } from '../requirements/SENDRAW.js'

/**
 * Judges are total: every judge of harness/checks, harness/chain and harness/requirements, fed any JSON value a target
 * could send (deep, wide, huge, odd keys, odd numbers), returns its findings and never throws. A judge
 * that throws is not a finding about the target, so it must never be the way a check ends.
 */

/** An array nested `depth` deep, built without recursion (JSON.parse of such text works; stringify does not). */
function nested(depth: number, leaf: unknown = 1): unknown {
  let value = leaf
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

function nestedObject(depth: number): unknown {
  let value: unknown = {}
  for (let i = 0; i < depth; i++) value = { number: value, hash: value, transactions: value }
  return value
}

/** Values that broke (or could break) a judge: depth, size, prototype keys, odd numbers. */
const pathological: Array<[string, unknown]> = [
  ['an array nested 100,000 deep', nested(100_000)],
  ['an object nested 20,000 deep under every block field', nestedObject(20_000)],
  ['a string of 5 MB', 'x'.repeat(5_000_000)],
  ['a hex string of 2 MB', `0x${'f'.repeat(2_000_000)}`],
  ['an array of 200,000 nulls', new Array<null>(200_000).fill(null)],
  ['an object with a __proto__ key', JSON.parse('{"__proto__":{"polluted":true},"number":"0x1","hash":{"__proto__":[]}}')],
  ['an object whose toString and valueOf are members', JSON.parse('{"toString":"x","valueOf":1,"number":{"toString":1},"hash":{"valueOf":"y"}}')],
  ['1e308', 1e308],
  ['-0', -0],
  ['a negative zero inside a block', { number: -0, hash: -0, parentHash: 1e308, transactions: [-0] }],
  ['null', null],
  ['true', true],
  ['an empty string', ''],
  ['a lone surrogate', '\ud800'],
]

/** Any JSON, deep and wide (fast-check's jsonValue); the pathological values are fed one by one above. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ depthSize: 'large', maxDepth: 30 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { size: 'medium' }),
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { size: 'medium' }),
  fc.tuple(fc.nat({ max: 3_000 }), fc.jsonValue({ maxDepth: 1 })).map(([depth, leaf]) => nested(depth, leaf)),
)

const request = { jsonrpc: '2.0', method: 'eth_getBlockByNumber', params: ['0x1', false], id: 1 }
const exchangeOf = (response: unknown): Exchange => ({ transport: 'http', url: 'http://target.invalid/', request, response, startedAt: 0, durationMs: 0 })

/** Every way a value reaches a judge: as the whole body, as a result, as an error, as an error's parts. */
function exchangesFor(value: unknown): Exchange[] {
  return [
    exchangeOf(value),
    exchangeOf({ jsonrpc: '2.0', id: 1, result: value }),
    exchangeOf({ jsonrpc: '2.0', id: value, error: value }),
    exchangeOf({ jsonrpc: '2.0', id: 1, error: { code: value, message: value, data: value } }),
    exchangeOf({ jsonrpc: value, id: 1 }),
    { ...exchangeOf(undefined), rawResponse: typeof value === 'string' ? value : 'not json', httpStatus: 200 },
  ]
}

let validators: Validate[] = []

beforeAll(async () => {
  const spec = await loadOpenRpc(fileURLToPath(new URL('../../openrpc.json', import.meta.url)))
  // Real validators of the kinds the suites use: a block, a transaction, a method's result.
  validators = [spec.schema('rangeBlock').validate, spec.schema('transaction').validate, spec.method('rollup_getInfo')!.result.validate, () => []]
})

/** Feeds one value to every judge; collects the judge that threw, if any. */
function feedEveryJudge(value: unknown): void {
  const asArray = Array.isArray(value) ? value : [value, value]
  const asRecord = (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { number: value, hash: value, parentHash: value }) as Record<
    string,
    unknown
  >
  boundedJson(value)
  boundedText(value)
  firstDifference(value, value)
  firstDifference(value, asArray)
  firstDifference({ a: value }, { a: asArray })
  envelopeProblems(value, value)
  restConsistencyProblems(value)
  restConsistencyProblems({ value: { portfolio: asArray, totalValueInUSD: value } })
  restConsistencyProblems({ tokens: asArray, total: value })
  restConsistencyProblems({ results: { treasuryBalanceData: { tokenBalances: asArray }, treasuryBalanceTotal: value } })
  checkChainLinks(asArray)
  computeBlockHash(asRecord)
  headerLayout(asRecord)
  unknownBlockFields(asRecord)
  for (const validate of validators) validated(validate, value)
  for (const exchange of exchangesFor(value)) {
    outcomeOf(exchange)
    transportFindings(exchange)
    checkEnvelope(exchange, value)
    checkBatchEnvelope(exchange, [{ id: 1 }, { id: value }])
    batchItem(exchange, value)
    describeError({ code: value, message: value })
    checkIsError(exchange, 'the call', [-32602])
    for (const validate of validators) checkResult(exchange, validate, 'the call')
    const range = rangeBlocks(exchange, 'the range')
    const blocks = 'blocks' in range ? range.blocks : asArray
    checkRangeOrder(exchange, blocks, 0, 3)
    for (const validate of validators) checkRangeShape(exchange, blocks, validate)
    checkFullTransactions({ exchange, blocks }, { exchange, blocks: asArray }, validators[1]!)
    checkFullTransactions({ exchange, blocks: [asRecord] }, { exchange, blocks: [{ ...asRecord, transactions: asArray }] }, validators[1]!)
    checkNotEvaluated(exchange, 'the call')
    checkSameAsEquivalent('the range', exchange, 'the hex range', exchange, [0, 1])
    checkSameAsEquivalent('the range', exchange, 'the hex range', exchangeOf({ jsonrpc: '2.0', id: 1, result: asArray }), [0, 3])
    checkTaggedRange('the range', exchange, [0, 3], [0, 3], validators[0]!)
    checkSealKnown('the block', exchange, value)
    checkSealKnown('the block', exchange, asRecord)
    blockNumberOf(value)
    checkTransactionPlacement({ block: asRecord, index: 0, inBlock: asRecord }, { exchange, value }, { exchange, value: asRecord })
    headOf(exchange)
    checkRangeElement(exchange, value, 0)
    checkSameBlock(asRecord, 'eth_getBlockByNumber', exchange)
    for (const tagCase of tagCases(3)) checkTagRange(exchange, blocks, tagCase, { from: 3n, to: 4n })
    checkHttpPost(exchange)
    checkSameInBatch(exchange, 'eth_chainId', value, value)
    checkSameInBatch(exchange, 'l2conf_noSuchMethod', value, asRecord)
    for (const validate of validators) {
      checkValidAnswer(exchange, validate, 'the call')
      checkLiveAnswer(exchange, validate, 'the call')
      checkGeneratedAnswer(exchange, validate, 'the call')
    }
    checkSameOverWebSocket('eth_chainId', { before: exchange, viaWs: exchange, viaWsAgain: exchangeOf(value), after: exchangeOf(value) })
    const info = { exchange, info: value as RollupInfo }
    checkCountersForward([info, { exchange, info: asRecord as unknown as RollupInfo }])
    checkLayerOneHead(info, 1_700_000_000)
    checkVerifiedNotAhead(info)
    checkIndexWithinChain(info, 3, asRecord, 64)
    checkGasPriceAgrees(asRecord as never, exchange, asRecord as never)
    checkBlockAnswered(exchange, blockOf(exchange))
    checkBlockHash(exchange, asRecord)
    checkLinks([asRecord, asRecord], exchange)
    checkRestShape(exchange, validators[0], 'GET /x')
    checkNotFound(exchange, '/x')
    checkMethodRefused(exchange, 'POST', '/x')
    checkQueryAnswer(exchange, '/x', { a: typeof value === 'string' ? value : 'v' }, 'invalid', 1)
    checkRestSums({ ...exchange, httpStatus: 200, response: value }, '/x')
    checkReceipt(asRecord, exchange)
    checkRangeHolds(exchange, '0x1', '0x2')
    checkSameByHash({ method: 'eth_getBalance', address: '0x1', block: { number: '0x1', hash: '0x2' } }, value, { exchange, value: asArray })
    checkSameAtLatest({ method: 'eth_getBalance', address: '0x1' }, 1, value, { exchange, value: asRecord })
    const read = { what: 'eth_getBalance', at: 'block 1', exchange }
    const other = { what: 'eth_getBalance', at: 'block 2', exchange: exchangeOf({ jsonrpc: '2.0', id: 1, result: asArray }) }
    for (const expected of [{ quantity: 1n }, { code: 'empty' }, { code: 'present' }, { word: 'zero' }, { word: 'nonzero' }] as const)
      checkExpected(read, expected, 'why')
    checkDiffer(read, other, 'why')
    checkSameStateByForm(read, other)
    checkRangeLogs(exchange, asArray, 'blocks 1 to 2')
    checkRangeLogs(exchange, [asRecord], 'blocks 1 to 2')
    const heads = [{ exchange, head: headNamed(exchange) }, headsOfBatch(exchange, [1, 2]) ?? []]
    checkHeadsForward(heads, { number: 1n, why: 'why' })
    checkHeadServed(1n, exchange, 'the block')
    checkHeadServed(1n, exchange, 'the block', true)
  }
  // Once, not per exchange form: its batch check is checkBatchEnvelope's, fed every form above.
  checkExampleBatch(exchangeOf(value), [{ request: { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 }, validate: validators[2]! }])
  unsolicitedFindings({ count: 1, connections: 1, samples: [boundedText(value)] }, 'frames')
}

describe('every judge is total over JSON', () => {
  it.each(pathological)('returns findings for %s and does not throw', async (_name, value) => {
    expect(() => feedEveryJudge(value)).not.toThrow()
    await expect(transactionsRoot(Array.isArray(value) ? value.slice(0, 100) : [value])).resolves.toBeDefined()
    const asked = { address: `0x${'ab'.repeat(20)}`, slots: ['0x0'], block: 'block 1', stateRoot: `0x${'cd'.repeat(32)}`, past: true }
    for (const exchange of exchangesFor(value)) await expect(checkProof(exchange, asked)).resolves.toBeDefined()
    const proofLike = {
      nonce: '0x0',
      balance: '0x0',
      storageHash: `0x${'cd'.repeat(32)}`,
      codeHash: `0x${'cd'.repeat(32)}`,
      accountProof: Array.isArray(value) ? value.slice(0, 300) : [value],
      storageProof: [{ key: '0x0', value: '0x0', proof: value }],
    }
    await expect(checkProof(exchangeOf({ jsonrpc: '2.0', id: 1, result: proofLike }), asked)).resolves.toBeDefined()
  })

  it('returns findings for any JSON value, deep and wide, and does not throw', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        feedEveryJudge(value)
      }),
      { seed: 13, numRuns: 100 },
    )
  }, 120_000)

  it('computes a transactions root, or says why it cannot, for any JSON transactions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyJson, { maxLength: 4 }), async (txs) => {
        const root = await transactionsRoot(txs)
        expect('root' in root || 'unknown' in root).toBe(true)
      }),
      { seed: 14, numRuns: 50 },
    )
  }, 120_000)

  it('keeps every message bounded, whatever the value', () => {
    for (const [, value] of pathological) {
      for (const exchange of exchangesFor(value)) {
        const messages = [...checkIsError(exchange, 'the call'), ...checkEnvelope(exchange, 1)].map((f) => f.message)
        for (const message of messages) expect(message.length).toBeLessThan(2_000)
      }
    }
  })
})
