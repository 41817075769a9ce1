import { boundedJson, boundedText } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import { firstDifference } from '../checks/firstDifference.js'
import { describeError } from '../checks/outcomeFindings.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Exchange } from '../transport/exchange.js'

/**
 * One state read at a block of the chain's history: what was read (a method and its account, slot or
 * call), the block as it was asked (a number, a tag, an EIP-1898 object), and the exchange.
 */
export interface HistoryRead {
  what: string
  at: string
  exchange: Exchange
}

/**
 * What the chain's own history says a read must answer: a quantity exactly (a nonce), some code or
 * none (before and after a contract's creation), a storage word zero or not.
 */
export type Expected = { quantity: bigint } | { code: 'empty' | 'present' } | { word: 'zero' | 'nonzero' }

const HEX = /^0x[0-9a-fA-F]*$/

const describe = (read: HistoryRead): string => `${read.what} at ${read.at}`

/**
 * The result of a history read, or the finding that stands instead: an error is inconclusive (a node
 * may keep no state for that block, as geth answers "missing trie node" past its state history; the
 * archive depth is measured by LIMITS, not required), no usable answer is no-answer.
 */
export function readValue(read: HistoryRead): { value: unknown } | { finding: Finding } {
  const outcome = outcomeOf(read.exchange)
  if (outcome.kind === 'result') return { value: outcome.value }
  if (outcome.kind === 'broken') return { finding: { kind: 'no-answer', message: `${describe(read)}: ${outcome.reason}`, exchange: read.exchange } }
  return {
    finding: {
      kind: 'inconclusive',
      message: `${describe(read)} answered ${describeError(outcome)}: no state to compare at that block`,
      exchange: read.exchange,
    },
  }
}

function asQuantity(value: unknown): bigint | null {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value) ? BigInt(value) : null
}

function asData(value: unknown): string | null {
  return typeof value === 'string' && HEX.test(value) && value.length % 2 === 0 ? value.toLowerCase() : null
}

/** Whether `value` meets `expected`, or why it cannot be read as the kind of value expected. */
function meets(value: unknown, expected: Expected): { ok: boolean; shown: string } | { unreadable: string } {
  if ('quantity' in expected) {
    const got = asQuantity(value)
    return got === null ? { unreadable: 'a hex quantity' } : { ok: got === expected.quantity, shown: `${got}` }
  }
  if ('code' in expected) {
    const got = asData(value)
    if (got === null) return { unreadable: 'hex bytes' }
    return { ok: (got === '0x') === (expected.code === 'empty'), shown: got === '0x' ? 'no code' : `${(got.length - 2) / 2} bytes of code` }
  }
  const got = asQuantity(value)
  if (got === null) return { unreadable: 'a 32-byte word' }
  return { ok: (got === 0n) === (expected.word === 'zero'), shown: got === 0n ? 'zero' : boundedText(value, 70) }
}

const wanted = (expected: Expected): string =>
  'quantity' in expected
    ? `${expected.quantity}`
    : 'code' in expected
      ? expected.code === 'empty'
        ? 'no code'
        : 'some code'
      : expected.word === 'zero'
        ? 'zero'
        : 'a non-zero word'

/**
 * The read answers what the chain's history says it must at that block (`why` names the history:
 * the transaction, the creation, the block). An error is inconclusive (readValue).
 * @example checkExpected({ what: 'eth_getTransactionCount of 0xa0ee…', at: '0x24', exchange }, { quantity: 4n }, 'its transaction of nonce 4 is in block 0x25')
 */
export function checkExpected(read: HistoryRead, expected: Expected, why: string): Finding[] {
  const got = readValue(read)
  if ('finding' in got) return [got.finding]
  const judged = meets(got.value, expected)
  if ('unreadable' in judged)
    return [
      {
        kind: 'schema-violation',
        message: `${describe(read)} answered ${boundedJson(got.value, 80)}, not ${judged.unreadable}`,
        exchange: read.exchange,
        pointer: '/result',
      },
    ]
  if (judged.ok) return []
  return [
    {
      kind: 'wrong-value',
      message: `${describe(read)} answered ${judged.shown}, but the chain's history says ${wanted(expected)} (${why}): the answer does not follow the block asked`,
      exchange: read.exchange,
      pointer: '/result',
      expected: 'quantity' in expected ? `0x${expected.quantity.toString(16)}` : wanted(expected),
      got: got.value,
    },
  ]
}

/**
 * Two reads of one value at two blocks between which the chain's history changed it (`why`): their
 * answers differ. The same answer at both is the state of one block served for another.
 */
export function checkDiffer(before: HistoryRead, after: HistoryRead, why: string): Finding[] {
  const a = readValue(before)
  const b = readValue(after)
  if ('finding' in a || 'finding' in b) return [...('finding' in a ? [a.finding] : []), ...('finding' in b ? [b.finding] : [])]
  if (firstDifference(a.value, b.value) !== null) return []
  return [
    {
      kind: 'wrong-value',
      message: `${before.what} answers ${boundedJson(a.value, 70)} both at ${before.at} and at ${after.at}, but ${why}: one block's state is served for the other`,
      exchange: before.exchange,
      pointer: '/result',
      got: a.value,
    },
  ]
}

/**
 * One value read at one block named two ways (a number and its hash, EIP-1898; a tag and the number
 * it stands for): the answers are equal. `asked` is the read judged, `reference` the one by number.
 */
export function checkSameBlock(reference: HistoryRead, asked: HistoryRead): Finding[] {
  const a = readValue(reference)
  const b = readValue(asked)
  if ('finding' in a) return [a.finding]
  if ('finding' in b) return [b.finding]
  if (firstDifference(a.value, b.value) === null) return []
  return [
    {
      kind: 'inconsistent',
      message: `${asked.what} answers ${boundedJson(b.value, 70)} at ${asked.at} but ${boundedJson(a.value, 70)} at ${reference.at}, the same block`,
      exchange: asked.exchange,
      pointer: '/result',
      expected: a.value,
      got: b.value,
    },
  ]
}

/** The members of a log that say which log it is and what it holds (a log of eth_getLogs and of its receipt agree on each). */
const LOG_MEMBERS = ['address', 'topics', 'data', 'blockNumber', 'blockHash', 'transactionHash', 'transactionIndex', 'logIndex'] as const

function logView(log: unknown): Record<string, unknown> | null {
  if (log === null || typeof log !== 'object' || Array.isArray(log)) return null
  const view: Record<string, unknown> = {}
  for (const member of LOG_MEMBERS) {
    const value = (log as Record<string, unknown>)[member]
    view[member] =
      typeof value === 'string' ? value.toLowerCase() : Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.toLowerCase() : v)) : value
  }
  return view
}

const logName = (view: Record<string, unknown> | null, index: number): string =>
  view === null
    ? `log ${index}`
    : `the log of block ${boundedText(view.blockNumber, 20)} at index ${boundedText(view.logIndex, 20)} (transaction ${boundedText(view.transactionHash, 70)})`

/**
 * eth_getLogs over a range of blocks (or one block by its hash) answers exactly the logs of those
 * blocks' receipts, in their order: none from outside the range, none missing, none reordered.
 * `expected` is the receipts' logs in block and transaction order; `range` names the blocks asked.
 * @example checkRangeLogs(exchange, receiptLogs, 'blocks 0x20 to 0x23')
 */
export function checkRangeLogs(exchange: Exchange, expected: readonly unknown[], range: string): Finding[] {
  const outcome = outcomeOf(exchange)
  if (outcome.kind === 'broken') return [{ kind: 'no-answer', message: `eth_getLogs of ${range}: ${outcome.reason}`, exchange }]
  if (outcome.kind === 'error')
    return [{ kind: 'unexpected-error', message: `eth_getLogs of ${range} answered ${describeError(outcome)}, expected the logs of its receipts`, exchange }]
  if (!Array.isArray(outcome.value))
    return [
      {
        kind: 'schema-violation',
        message: `eth_getLogs of ${range} answered ${boundedJson(outcome.value, 80)}, not an array of logs`,
        exchange,
        pointer: '/result',
      },
    ]
  const got = outcome.value.map(logView)
  const want = expected.map(logView)
  const key = (view: Record<string, unknown> | null): string => (view === null ? '' : JSON.stringify(view))
  const wanted = new Set(want.map(key))
  const findings: Finding[] = []
  const extra = got.flatMap((view, i) => (wanted.has(key(view)) ? [] : [{ view, i }]))
  for (const { view, i } of extra.slice(0, 3)) {
    findings.push({
      kind: 'wrong-value',
      message: `eth_getLogs of ${range} answered ${logName(view, i)}, which no receipt of those blocks holds (${got.length} logs answered, ${want.length} in the receipts)`,
      exchange,
      pointer: `/result/${i}`,
      got: outcome.value[i],
    })
  }
  const answered = new Set(got.map(key))
  const missing = want.flatMap((view, i) => (answered.has(key(view)) ? [] : [{ view, i }]))
  for (const { view, i } of missing.slice(0, 3)) {
    findings.push({
      kind: 'wrong-value',
      message: `eth_getLogs of ${range} left out ${logName(view, i)}, which the receipts of those blocks hold (${got.length} logs answered, ${want.length} in the receipts)`,
      exchange,
      pointer: '/result',
      expected: expected[i],
    })
  }
  if (findings.length === 0) {
    const order = firstDifference(got.map(key), want.map(key))
    if (order !== null)
      findings.push({
        kind: 'wrong-value',
        message: `eth_getLogs of ${range} answered the logs of its receipts in another order (first at ${order.pointer}): logs come in block order, then by log index`,
        exchange,
        pointer: `/result${order.pointer}`,
      })
  }
  return findings
}

/** One eth_blockNumber answer of a sequence: the exchange and the number it named (null: none). */
export interface HeadSample {
  exchange: Exchange
  head: bigint | null
}

/** The block number an eth_blockNumber exchange named, or null (its shape is judged elsewhere). */
export function headNamed(exchange: Exchange): bigint | null {
  const outcome = outcomeOf(exchange)
  return outcome.kind === 'result' && typeof outcome.value === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(outcome.value) ? BigInt(outcome.value) : null
}

/**
 * The eth_blockNumber answers of a batch, by their items' ids; null when the batch was not answered
 * item by item with a block number each (how a batch is answered is RPC-HTTP's matter, not the head's).
 */
export function headsOfBatch(exchange: Exchange, ids: readonly number[]): HeadSample[] | null {
  const items = Array.isArray(exchange.response) ? (exchange.response as unknown[]) : []
  const samples: HeadSample[] = []
  for (const id of ids) {
    const item = items.find((it) => it !== null && typeof it === 'object' && (it as { id?: unknown }).id === id)
    const head = item === undefined ? null : headNamed({ ...exchange, response: item })
    if (head === null) return null
    samples.push({ exchange: { ...exchange, response: item }, head })
  }
  return samples
}

/**
 * Successive eth_blockNumber answers, in the order they were asked, never go back: each is at least
 * every one answered before it was asked, and at least `floor` when a block of that number is known to
 * exist (a receipt named it first). A step that is an array holds the answers of one batch: each of
 * them is judged against the answers before the batch (not against each other, as a batch's items
 * may run in any order), and the answers after it against all of them.
 */
export function checkHeadsForward(steps: ReadonlyArray<HeadSample | readonly HeadSample[]>, floor?: { number: bigint; why: string }): Finding[] {
  const findings: Finding[] = []
  const total = steps.reduce((n, step) => n + (Array.isArray(step) ? step.length : 1), 0)
  let highest: { head: bigint; index: number } | null = null
  let index = 0
  for (const step of steps) {
    const group: readonly HeadSample[] = Array.isArray(step) ? step : [step as HeadSample]
    const before = highest
    for (const sample of group) {
      index += 1
      const where = `answer ${index} of ${total}${Array.isArray(step) ? ', in a batch' : ''}`
      if (sample.head === null) {
        findings.push({ kind: 'no-answer', message: `eth_blockNumber (${where}) named no block number`, exchange: sample.exchange })
        continue
      }
      if (before !== null && sample.head < before.head) {
        findings.push({
          kind: 'wrong-value',
          message: `eth_blockNumber answered ${sample.head} (${where}) after answering ${before.head} (answer ${before.index} of ${total}): the head went back ${before.head - sample.head} block(s)`,
          exchange: sample.exchange,
          pointer: '/result',
          expected: `>= 0x${before.head.toString(16)}`,
          got: `0x${sample.head.toString(16)}`,
        })
      } else if (floor !== undefined && sample.head < floor.number) {
        findings.push({
          kind: 'wrong-value',
          message: `eth_blockNumber answered ${sample.head} (${where}), below block ${floor.number} (${floor.why}): the head named is older than a block the node already holds`,
          exchange: sample.exchange,
          pointer: '/result',
          expected: `>= 0x${floor.number.toString(16)}`,
          got: `0x${sample.head.toString(16)}`,
        })
      }
      if (highest === null || sample.head > highest.head) highest = { head: sample.head, index }
    }
  }
  return findings
}

/**
 * The block eth_blockNumber named (`head`) is served: `lookup` (eth_getBlockByNumber of that number,
 * or of "latest") answers a block numbered `head` (`atLeast`: numbered `head` or later, for "latest",
 * which may have moved on meanwhile).
 */
export function checkHeadServed(head: bigint, lookup: Exchange, what: string, atLeast = false): Finding[] {
  const outcome = outcomeOf(lookup)
  if (outcome.kind === 'broken') return [{ kind: 'no-answer', message: `${what}: ${outcome.reason}`, exchange: lookup }]
  if (outcome.kind === 'error')
    return [
      { kind: 'unexpected-error', message: `${what} answered ${describeError(outcome)} right after eth_blockNumber named block ${head}`, exchange: lookup },
    ]
  const block = outcome.value
  const number = block !== null && typeof block === 'object' && !Array.isArray(block) ? (block as Record<string, unknown>).number : undefined
  const got = typeof number === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(number) ? BigInt(number) : null
  if (block === null)
    return [
      {
        kind: 'wrong-value',
        message: `${what} answered null right after eth_blockNumber named block ${head}: the head announced is not served`,
        exchange: lookup,
        pointer: '/result',
        got: null,
      },
    ]
  if (got === null)
    return [
      {
        kind: 'schema-violation',
        message: `${what} answered ${boundedJson(block, 80)}, not a block with a hex number`,
        exchange: lookup,
        pointer: '/result/number',
      },
    ]
  if (atLeast ? got >= head : got === head) return []
  return [
    {
      kind: 'wrong-value',
      message: `${what} answered block ${got} right after eth_blockNumber named block ${head}${atLeast ? ': the latest block is older than the head announced' : ''}`,
      exchange: lookup,
      pointer: '/result/number',
      expected: `${atLeast ? '>= ' : ''}0x${head.toString(16)}`,
      got: number,
    },
  ]
}
