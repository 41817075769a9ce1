import { outcomeOf } from '../harness/checks/outcomeOf.js'
import { toQuantity } from '../harness/generate/toQuantity.js'
import {
  BALANCE_OF, checkDiffer, checkExpected, checkRangeLogs, checkSameStateByForm, HISTORY_LOOKBACK, LOG_RANGE_BLOCKS, LOG_RANGE_RECEIPTS, STORAGE_SLOTS_SEARCHED, type HistoryRead,
} from '../harness/requirements/RPC-STANDARD.js'
import type { Probe } from '../harness/run/certify.js'
import { defineSuite } from '../harness/run/registry.js'
import type { RunContext } from '../harness/run/runContext.js'
import type { Finding } from '../harness/checks/finding.js'
import { chainHistory, type BlockRef, type HistorySample } from './support/chainHistory.js'

type Json = Record<string, unknown>

/** The forms a block is asked in: its number, and its hash as an EIP-1898 object. */
const byNumber = (block: BlockRef): string => toQuantity(block.number)
const byHash = (block: BlockRef): { blockHash: string } => ({ blockHash: block.hash })

/** Reads `method` with `params` followed by the block param `at` (shown as `shown`). */
async function readAt(context: RunContext, what: string, method: string, params: unknown[], at: unknown, shown: string): Promise<HistoryRead> {
  return { what, at: shown, exchange: await context.http!.call(method, [...params, at]) }
}

/** The reads of one value at a block by number and by hash (EIP-1898). */
async function readBoth(context: RunContext, what: string, method: string, params: unknown[], block: BlockRef): Promise<{ number: HistoryRead; hash: HistoryRead }> {
  const [number, hash] = await Promise.all([
    readAt(context, what, method, params, byNumber(block), `block ${block.number}`),
    readAt(context, what, method, params, byHash(block), `{"blockHash": "${block.hash}"} (block ${block.number})`),
  ])
  return { number, hash }
}

const errored = (read: HistoryRead): boolean => outcomeOf(read.exchange).kind === 'error'

/**
 * Adds the by-hash read's agreement with the by-number one, unless the node refuses the EIP-1898
 * form of the block param (then only noted, as standard.state-agreement does): `refused` collects it.
 */
function sameByHash(reads: { number: HistoryRead; hash: HistoryRead }, refused: Set<string>): Finding[] {
  if (errored(reads.hash) && !errored(reads.number)) {
    refused.add(reads.hash.what)
    return []
  }
  return checkSameStateByForm(reads.number, reads.hash)
}

function noteRefused(probe: Probe, refused: Set<string>): void {
  if (refused.size > 0) probe.note(`the block-hash form of the block param (EIP-1898) was refused for ${[...refused].join('; ')}: only block numbers were compared there`)
}

const numberOf = (block: Json): number => Number(BigInt(String(block.number)))
const hashesOf = (block: Json): string[] => (Array.isArray(block.transactions) ? block.transactions : []).flatMap((tx) => (tx !== null && typeof tx === 'object' && typeof (tx as Json).hash === 'string' ? [(tx as Json).hash as string] : []))
/** A block whose logsBloom has a bit set: some receipt of it holds a log. */
const hasLogs = (block: Json): boolean => typeof block.logsBloom === 'string' && /[1-9a-fA-F]/.test(block.logsBloom.slice(2))

/**
 * Blocks whose logs eth_getLogs is asked for (ascending): the second-newest block with logs near the
 * head and the blocks before it down to the next one with logs (excluded), at most LOG_RANGE_BLOCKS
 * and LOG_RANGE_RECEIPTS transactions; so blocks with logs lie on both sides of the range when the
 * chain has them, and logs from outside it would show. Null when no block near the head has logs.
 */
function logRange(sample: HistorySample): Json[] | null {
  const withLogs = sample.blocks.filter((block) => hasLogs(block) && hashesOf(block).length <= LOG_RANGE_RECEIPTS)
  const last = withLogs[1] ?? withLogs[0]
  if (last === undefined) return null
  const floor = withLogs[2] === undefined ? -1 : numberOf(withLogs[2])
  const range: Json[] = []
  let receipts = 0
  for (const block of sample.blocks.filter((b) => numberOf(b) <= numberOf(last) && numberOf(b) > floor)) {
    receipts += hashesOf(block).length
    if (range.length === LOG_RANGE_BLOCKS || (range.length > 0 && receipts > LOG_RANGE_RECEIPTS)) break
    range.push(block)
  }
  return range.reverse()
}

/** Why a pair of blocks could not be found, for the inconclusive finding. */
function nonePair(sample: HistorySample, what: string, so = 'so no past answer is known to differ from a later one'): string {
  const oldest = sample.blocks.length === 0 ? sample.head : numberOf(sample.blocks.at(-1)!)
  return `no block from ${oldest} to the head ${sample.head} (at most ${HISTORY_LOOKBACK} looked at) ${what}, ${so}`
}

/**
 * RPC-STANDARD, the chain's history: state read at a past block is that block's state. Each check
 * takes a pair of blocks near the head between which the chain's own transactions, receipts or logs
 * say an answer must change (suites/support/chainHistory.ts), and asks at both, by number, by hash
 * (EIP-1898) and by tag, read-only. The blocks and accounts used are noted, so a failure replays with curl.
 */
export default defineSuite('history', (check) => {
  /** The chain's history near the head, read once per run for every check of the suite. */
  let history: ReturnType<typeof chainHistory> | undefined

  async function sampled(probe: Probe, context: RunContext): Promise<HistorySample | null> {
    history ??= chainHistory(context)
    const read = await history
    if ('finding' in read) {
      probe.add([read.finding])
      return null
    }
    return read.sample
  }

  check(
    { id: 'history.account', requirement: 'RPC-STANDARD', title: "a sender's nonce and balance at the block before its transaction and at the block holding it are those blocks' (by number, by hash, and \"earliest\" as block 0)" },
    {},
    async (probe, context) => {
      const sample = await sampled(probe, context)
      if (sample === null) return
      const pair = sample.sender
      if (pair === null) return probe.inconclusive(nonePair(sample, 'holds a transaction signed by its sender'))
      const { sender, parent, block, nonce, count } = pair
      probe.note(`account ${sender}: nonce and balance at block ${parent.number} (${parent.hash}) and block ${block.number} (${block.hash}), which holds its transaction ${pair.transaction} of nonce ${nonce}; and at "earliest" against block 0`)
      const nonceOf = `eth_getTransactionCount of ${sender}`
      const balanceOf = `eth_getBalance of ${sender}`
      const [nonceBefore, nonceAfter, balanceBefore, balanceAfter, earliest] = await Promise.all([
        readBoth(context, nonceOf, 'eth_getTransactionCount', [sender], parent),
        readBoth(context, nonceOf, 'eth_getTransactionCount', [sender], block),
        readBoth(context, balanceOf, 'eth_getBalance', [sender], parent),
        readBoth(context, balanceOf, 'eth_getBalance', [sender], block),
        Promise.all([
          readAt(context, nonceOf, 'eth_getTransactionCount', [sender], '0x0', 'block 0'),
          readAt(context, nonceOf, 'eth_getTransactionCount', [sender], 'earliest', '"earliest"'),
          readAt(context, balanceOf, 'eth_getBalance', [sender], '0x0', 'block 0'),
          readAt(context, balanceOf, 'eth_getBalance', [sender], 'earliest', '"earliest"'),
        ]),
      ])
      const sent = `its transaction ${pair.transaction} of nonce ${nonce} is the first of ${count} it sent in block ${block.number}`
      probe.add(checkExpected(nonceBefore.number, { quantity: nonce }, sent))
      probe.add(checkExpected(nonceAfter.number, { quantity: nonce + BigInt(count) }, sent))
      const refused = new Set<string>()
      for (const reads of [nonceBefore, nonceAfter, balanceBefore, balanceAfter]) probe.add(sameByHash(reads, refused))
      // Every mined transaction burns gas: at a price above zero its sender pays, unless it is the fee
      // recipient or the block pays it back (a transfer to it in the same block).
      const txs = (sample.blocks.find((b) => b.hash === block.hash)?.transactions ?? []) as Json[]
      const first = txs.find((tx) => tx.hash === pair.transaction)
      const price = typeof first?.gasPrice === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(first.gasPrice) ? BigInt(first.gasPrice) : 0n
      const paidBack = txs.some((tx) => typeof tx.to === 'string' && tx.to.toLowerCase() === sender) || pair.miner === sender
      if (price > 0n && !paidBack) probe.add(checkDiffer(balanceBefore.number, balanceAfter.number, `block ${block.number} charged it gas for ${pair.transaction} at ${price} wei a unit`))
      const [nonceZero, nonceEarliest, balanceZero, balanceEarliest] = earliest
      // A node that keeps no state of block 0 (not an archive node) refuses both: nothing to compare.
      for (const [zero, tagged] of [[nonceZero, nonceEarliest], [balanceZero, balanceEarliest]] as const) {
        if (errored(zero) && errored(tagged)) probe.note(`${zero.what} is refused at block 0 and at "earliest" alike (no state kept that far back)`)
        else probe.add(checkSameStateByForm(zero, tagged))
      }
      noteRefused(probe, refused)
    },
  )

  check(
    { id: 'history.code', requirement: 'RPC-STANDARD', title: "a contract's code and a storage word its creation wrote are absent at the block before its creation and present at the creation's block (by number and by hash)" },
    {},
    async (probe, context) => {
      const sample = await sampled(probe, context)
      if (sample === null) return
      const pair = sample.creation
      if (pair === null) return probe.inconclusive(nonePair(sample, 'holds the creation of a contract with code'))
      const { contract, parent, block } = pair
      const codeOf = `eth_getCode of ${contract}`
      const slots = Array.from({ length: STORAGE_SLOTS_SEARCHED }, (_, i) => toQuantity(i))
      const [before, after, words] = await Promise.all([
        readBoth(context, codeOf, 'eth_getCode', [contract], parent),
        readBoth(context, codeOf, 'eth_getCode', [contract], block),
        Promise.all(slots.map((slot) => readAt(context, `eth_getStorageAt of ${contract} slot ${slot}`, 'eth_getStorageAt', [contract, slot], byNumber(block), `block ${block.number}`))),
      ])
      const created = `transaction ${pair.transaction} in block ${block.number} created it`
      probe.add(checkExpected(before.number, { code: 'empty' }, created))
      probe.add(checkExpected(after.number, { code: 'present' }, created))
      const refused = new Set<string>()
      probe.add(sameByHash(before, refused))
      probe.add(sameByHash(after, refused))
      // A word its creation wrote: the first of the slots read that holds one at the creation's block.
      const written = words.findIndex((read) => {
        const outcome = outcomeOf(read.exchange)
        return outcome.kind === 'result' && typeof outcome.value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(outcome.value) && BigInt(outcome.value) !== 0n
      })
      if (written === -1) {
        probe.note(`contract ${contract} created in block ${block.number} (${block.hash}) by ${pair.transaction}: code at blocks ${parent.number} and ${block.number}; none of its storage slots 0 to ${STORAGE_SLOTS_SEARCHED - 1} holds a word there, so no storage was compared`)
      } else {
        const slot = slots[written]!
        probe.note(`contract ${contract} created in block ${block.number} (${block.hash}) by ${pair.transaction}: code and storage slot ${slot} at blocks ${parent.number} (${parent.hash}) and ${block.number}`)
        const storage = await readBoth(context, `eth_getStorageAt of ${contract} slot ${slot}`, 'eth_getStorageAt', [contract, slot], parent)
        const atHash = await readAt(context, `eth_getStorageAt of ${contract} slot ${slot}`, 'eth_getStorageAt', [contract, slot], byHash(block), `{"blockHash": "${block.hash}"} (block ${block.number})`)
        probe.add(checkExpected(storage.number, { word: 'zero' }, `the contract did not exist before ${created}`))
        probe.add(sameByHash(storage, refused))
        probe.add(sameByHash({ number: words[written]!, hash: atHash }, refused))
      }
      noteRefused(probe, refused)
    },
  )

  check(
    { id: 'history.call', requirement: 'RPC-STANDARD', title: "eth_call of an ERC-20 balanceOf answers a holder's balance before and after the block whose Transfer logs moved it (by number and by hash)" },
    {},
    async (probe, context) => {
      const sample = await sampled(probe, context)
      if (sample === null) return
      const pair = sample.transfer
      if (pair === null) return probe.inconclusive(nonePair(sample, "holds an ERC-20 Transfer log that moves a holder's balance"))
      const { token, holder, parent, block, net } = pair
      const call = { to: token, data: `${BALANCE_OF}${holder.slice(2).padStart(64, '0')}` }
      probe.note(`token ${token}, holder ${holder}: eth_call balanceOf at blocks ${parent.number} (${parent.hash}) and ${block.number} (${block.hash}), whose Transfer logs (${pair.transaction}) move ${net} units`)
      const what = `eth_call balanceOf(${holder}) on ${token}`
      const [before, after] = await Promise.all([readBoth(context, what, 'eth_call', [call], parent), readBoth(context, what, 'eth_call', [call], block)])
      probe.add(checkDiffer(before.number, after.number, `the Transfer logs of block ${block.number} move its balance by ${net}`))
      const refused = new Set<string>()
      probe.add(sameByHash(before, refused))
      probe.add(sameByHash(after, refused))
      noteRefused(probe, refused)
    },
  )

  check(
    { id: 'history.logs', requirement: 'RPC-STANDARD', title: "eth_getLogs over a range of blocks, and by one block's hash, answers exactly the logs of those blocks' receipts: none from outside, none missing, in order" },
    {},
    async (probe, context) => {
      const sample = await sampled(probe, context)
      if (sample === null) return
      const range = logRange(sample)
      if (range === null) return probe.inconclusive(nonePair(sample, 'has a log (a logsBloom with a bit set)', 'so no range holds logs to compare'))
      const first = range[0]!
      const last = range.at(-1)!
      const outside = sample.blocks.filter((block) => hasLogs(block) && (numberOf(block) < numberOf(first) || numberOf(block) > numberOf(last))).map(numberOf)
      const receipts = await Promise.all(range.map((block) => Promise.all(hashesOf(block).map(async (hash) => ({ hash, exchange: await context.http!.call('eth_getTransactionReceipt', [hash]) })))))
      const logsOf: unknown[][] = []
      for (const [i, block] of range.entries()) {
        const logs: unknown[] = []
        for (const { hash, exchange } of receipts[i]!) {
          const outcome = outcomeOf(exchange)
          const receipt = outcome.kind === 'result' ? outcome.value : null
          if (receipt === null || typeof receipt !== 'object' || !Array.isArray((receipt as Json).logs)) {
            return probe.fail(`eth_getTransactionReceipt answered no receipt with logs for transaction ${hash} of block ${numberOf(block)}, so the logs of the range are not known`, exchange)
          }
          logs.push(...((receipt as Json).logs as unknown[]))
        }
        logsOf.push(logs)
      }
      const [byRange, byHash] = await Promise.all([
        context.http!.call('eth_getLogs', [{ fromBlock: toQuantity(numberOf(first)), toBlock: toQuantity(numberOf(last)) }]),
        context.http!.call('eth_getLogs', [{ blockHash: last.hash }]),
      ])
      probe.note(`eth_getLogs of blocks ${numberOf(first)} to ${numberOf(last)} (${logsOf.flat().length} logs in their receipts) and of block ${numberOf(last)} by its hash ${String(last.hash)}; blocks with logs outside the range: ${outside.length === 0 ? 'none near the head' : outside.slice(0, 6).join(', ')}`)
      probe.add(checkRangeLogs(byRange, logsOf.flat(), `blocks ${numberOf(first)} to ${numberOf(last)}`))
      probe.add(checkRangeLogs(byHash, logsOf.at(-1)!, `block ${numberOf(last)} by its hash`))
    },
  )
})
