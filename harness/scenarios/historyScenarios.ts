import { outcomeOf } from '../checks/outcomeOf.js'
import { toQuantity } from '../generate/toQuantity.js'
import {
  checkDiffer,
  checkExpected,
  checkHeadServed,
  checkHeadsForward,
  checkRangeLogs,
  checkSameBlock as checkSameStateByForm,
  headNamed,
  headsOfBatch,
  type HeadSample,
  type HistoryRead,
} from '../requirements/RPC-STANDARD.history.js'
import { checkProof } from '../requirements/RPC-STANDARD.proof.js'
import type { Probe } from '../run/certify.js'
import { perRun } from './perRun.js'
import type { RunContext } from '../run/runContext.js'
import type { Finding } from '../checks/finding.js'
import type { Exchange } from '../transport/exchange.js'
import { chainHistory, type BlockRef, type HistorySample, type SenderPair } from './chainHistory.js'
import { searchedText } from './historySearch.js'
import { ownHistory, type OwnHistory } from './ownHistory.js'

/** The selector of balanceOf(address) (ERC-20). */
export const BALANCE_OF = '0x70a08231'

/** Storage slots read at a contract's creation block for one its constructor wrote (zero the block before). */
export const STORAGE_SLOTS_SEARCHED = 8

/** The most receipts one eth_getLogs comparison reads (a range of blocks whose receipts hold its logs). */
export const LOG_RANGE_RECEIPTS = 32

/** Blocks with logs the history sample finds before it stops (the range compared, and blocks with logs on either side of it). */
export const LOG_BLOCKS_WANTED = 3

/** The widest range of blocks whose logs are compared with their receipts'. */
export const LOG_RANGE_BLOCKS = 4

/** eth_blockNumber answers sampled one after another (holding the method: no other check's call between them), and the items of one batch of them. */
export const HEAD_SAMPLES = 4

/** Read-only: how long the head is watched for a new block, so the samples follow a head that just moved (a lagging replica shows then). */
export const HEAD_WATCH_MS = 1_500

/** Full profile: how fresh the run's own block should be when the head is sampled after it (older is noted). */
export const HEAD_FRESH_MS = 500

/** Between two reads of the head while it is watched. */
export const HEAD_POLL_MS = 100

/** Before a head named but not served is read again (a block that races its announcement). */
export const HEAD_REREAD_MS = 250

/**
 * The storage slots each eth_getProof of the history checks asks for, as 32-byte words: geth also
 * takes "0x0", but Anvil and Hardhat take storage keys of whole bytes only.
 */
export const PROOF_SLOTS: readonly string[] = [`0x${'0'.repeat(64)}`, `0x${'0'.repeat(63)}1`]

type Json = Record<string, unknown>

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** The forms a block is asked in: its number, and its hash as an EIP-1898 object. */
const byNumber = (block: BlockRef): string => toQuantity(block.number)
const byHash = (block: BlockRef): { blockHash: string } => ({ blockHash: block.hash })

/** Reads `method` with `params` followed by the block param `at` (shown as `shown`). */
async function readAt(context: RunContext, what: string, method: string, params: unknown[], at: unknown, shown: string): Promise<HistoryRead> {
  return { what, at: shown, exchange: await context.http!.call(method, [...params, at]) }
}

/** The reads of one value at a block by number and by hash (EIP-1898). */
async function readBoth(
  context: RunContext,
  what: string,
  method: string,
  params: unknown[],
  block: BlockRef,
): Promise<{ number: HistoryRead; hash: HistoryRead }> {
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
  if (refused.size > 0)
    probe.note(`the block-hash form of the block param (EIP-1898) was refused for ${[...refused].join('; ')}: only block numbers were compared there`)
}

const numberOf = (block: Json): number => Number(BigInt(String(block.number)))
const hashesOf = (block: Json): string[] =>
  (Array.isArray(block.transactions) ? block.transactions : []).flatMap((tx) =>
    tx !== null && typeof tx === 'object' && typeof (tx as Json).hash === 'string' ? [(tx as Json).hash as string] : [],
  )
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

/** Why a pair of blocks could not be found, for the inconclusive finding: what was searched, and what it cost. */
function nonePair(sample: HistorySample, what: string, so = 'so no past answer is known to differ from a later one'): string {
  return `no block searched up to the head ${sample.head} ${what} (${searchedText(sample.searched)}), ${so}`
}

// RPC-STANDARD, the chain's history: state read at a past block is that block's state. Each scenario
// takes a pair of blocks near the head between which the chain's own transactions, receipts or logs
// say an answer must change (chainHistory.ts), and asks at both, by number, by hash (EIP-1898) and by
// tag, read-only. The blocks and accounts used are noted, so a failure replays with curl. The checks
// that run them are declared by RPC-STANDARD (harness/requirements/RPC-STANDARD.ts).

/** The chain's history near the head, read once per run for every history check. */
const historyOf = perRun((context) => {
  // The full profile makes its own creation (and call) history: the chain's is looked for in read-only only.
  const own = context.config.profile === 'full'
  return chainHistory(context, { creation: !own, transfer: !own, logBlocks: LOG_BLOCKS_WANTED })
})

async function sampled(probe: Probe, context: RunContext): Promise<HistorySample | null> {
  const read = await historyOf(context)
  if ('finding' in read) {
    probe.add([read.finding])
    return null
  }
  probe.note(`history searched from the head ${read.sample.head}: ${searchedText(read.sample.searched)}`)
  return read.sample
}

/** Full profile: the history the run makes itself (a counter contract created), made once per run for the checks that compare it. */
const ownOf = perRun(ownHistory)

async function made(probe: Probe, context: RunContext): Promise<OwnHistory | null> {
  const history = await ownOf(context)
  if ('finding' in history) {
    probe.add([history.finding])
    return null
  }
  return history
}

/** history.account: a sender's nonce and balance before its transaction's block and at it (by number, by hash), and at "earliest" against block 0. */
export async function historyAccount(probe: Probe, context: RunContext): Promise<void> {
  const sample = await sampled(probe, context)
  if (sample === null) return
  const pair = sample.sender
  if (pair === null) return probe.inconclusive(nonePair(sample, 'holds a transaction signed by its sender'))
  await compareAccount(probe, context, pair, true)
  // An old one too: a node may answer recent blocks right and old ones from the head.
  const aged = sample.aged.sender
  if (aged !== null && aged.block.number !== pair.block.number) await compareAccount(probe, context, aged, false)
}

/** A sender's nonce and balance before its transaction's block and at it (by number, by hash); with `earliest`, "earliest" against block 0 as well. */
async function compareAccount(probe: Probe, context: RunContext, pair: SenderPair, earliestToo: boolean): Promise<void> {
  const { sender, parent, block, nonce, count } = pair
  probe.note(
    `account ${sender}: nonce and balance at block ${parent.number} (${parent.hash}) and block ${block.number} (${block.hash}), which holds its transaction ${pair.transaction} of nonce ${nonce}${earliestToo ? '; and at "earliest" against block 0' : ''}`,
  )
  const nonceOf = `eth_getTransactionCount of ${sender}`
  const balanceOf = `eth_getBalance of ${sender}`
  const [nonceBefore, nonceAfter, balanceBefore, balanceAfter, earliest] = await Promise.all([
    readBoth(context, nonceOf, 'eth_getTransactionCount', [sender], parent),
    readBoth(context, nonceOf, 'eth_getTransactionCount', [sender], block),
    readBoth(context, balanceOf, 'eth_getBalance', [sender], parent),
    readBoth(context, balanceOf, 'eth_getBalance', [sender], block),
    earliestToo
      ? Promise.all([
          readAt(context, nonceOf, 'eth_getTransactionCount', [sender], '0x0', 'block 0'),
          readAt(context, nonceOf, 'eth_getTransactionCount', [sender], 'earliest', '"earliest"'),
          readAt(context, balanceOf, 'eth_getBalance', [sender], '0x0', 'block 0'),
          readAt(context, balanceOf, 'eth_getBalance', [sender], 'earliest', '"earliest"'),
        ])
      : null,
  ])
  const sent = `its transaction ${pair.transaction} of nonce ${nonce} is the first of ${count} it sent in block ${block.number}`
  probe.add(checkExpected(nonceBefore.number, { quantity: nonce }, sent))
  probe.add(checkExpected(nonceAfter.number, { quantity: nonce + BigInt(count) }, sent))
  const refused = new Set<string>()
  for (const reads of [nonceBefore, nonceAfter, balanceBefore, balanceAfter]) probe.add(sameByHash(reads, refused))
  // Every mined transaction burns gas: at a price above zero its sender pays, unless it is the fee
  // recipient or the block pays it back (a transfer to it in the same block).
  const price = pair.gasPrice
  if (price > 0n && !pair.paidBack)
    probe.add(checkDiffer(balanceBefore.number, balanceAfter.number, `block ${block.number} charged it gas for ${pair.transaction} at ${price} wei a unit`))
  if (earliest === null) return noteRefused(probe, refused)
  const [nonceZero, nonceEarliest, balanceZero, balanceEarliest] = earliest
  // A node that keeps no state of block 0 (not an archive node) refuses both: nothing to compare.
  for (const [zero, tagged] of [
    [nonceZero, nonceEarliest],
    [balanceZero, balanceEarliest],
  ] as const) {
    if (errored(zero) && errored(tagged)) probe.note(`${zero.what} is refused at block 0 and at "earliest" alike (no state kept that far back)`)
    else probe.add(checkSameStateByForm(zero, tagged))
  }
  noteRefused(probe, refused)
}

/** history.head: eth_blockNumber's successive answers (single and in a batch, the method held) never go back, and the block named is served. */
export async function historyHead(probe: Probe, context: RunContext): Promise<void> {
  const sample = async (): Promise<HeadSample> => {
    const exchange = await context.http!.call('eth_blockNumber', [])
    return { exchange, head: headNamed(exchange) }
  }
  const samples: HeadSample[] = []
  let floor: { number: bigint; why: string } | undefined
  if (context.config.profile === 'full') {
    // The block the run makes for its own history, so the answers follow a head that just moved
    // (where replicas out of step show). This check comes first of those that need it (it waits for the chain).
    const history = await made(probe, context)
    if (history === null) return
    const { created } = history
    floor = { number: BigInt(created.block.number), why: `the receipt of the run's transaction ${created.transaction} names it` }
    if (Date.now() - history.at > HEAD_FRESH_MS)
      probe.note(`the run's block ${created.block.number} was mined ${Date.now() - history.at} ms before these answers`)
  } else {
    // Read-only: watch the head a little while for a block of the chain's own (not held: others' calls go on).
    samples.push(await sample())
    const deadline = Date.now() + HEAD_WATCH_MS
    while (Date.now() < deadline && samples.at(-1)!.head === samples[0]!.head) {
      await sleep(HEAD_POLL_MS)
      samples.push(await sample())
    }
  }
  // Then the method held (no other check's call between these answers): single calls, a batch
  // of them (a proxy may send its items to several replicas), single calls again.
  const { batch, served, latest, named } = await context.holds.hold(['eth_blockNumber'], async () => {
    for (let i = 0; i < HEAD_SAMPLES / 2; i++) samples.push(await sample())
    const ids = Array.from({ length: HEAD_SAMPLES }, (_, i) => i + 1)
    const batch = headsOfBatch(await context.http!.send(ids.map((id) => ({ jsonrpc: '2.0', method: 'eth_blockNumber', params: [], id }))), ids)
    for (let i = 0; i < HEAD_SAMPLES / 2; i++) samples.push(await sample())
    const named = samples.at(-1)!.head
    let served: Exchange | undefined
    if (named !== null) {
      const at = toQuantity(named)
      served = await context.http!.call('eth_getBlockByNumber', [at, false])
      const first = outcomeOf(served)
      if (first.kind !== 'result' || first.value === null) {
        // The block may race its own announcement: read it again before judging.
        await sleep(HEAD_REREAD_MS)
        probe.note(`eth_getBlockByNumber("${at}") did not answer the block at once after eth_blockNumber named it; read again after ${HEAD_REREAD_MS} ms`)
        served = await context.http!.call('eth_getBlockByNumber', [at, false])
      }
    }
    const latest = named === null ? undefined : await context.http!.call('eth_getBlockByNumber', ['latest', false])
    samples.push(await sample())
    return { batch, served, latest, named }
  })
  if (batch === null)
    probe.note('the batch of eth_blockNumber calls was not answered item by item with block numbers (RPC-HTTP judges batches): only single calls were compared')
  const steps = [...samples.slice(0, -1 - HEAD_SAMPLES / 2), ...(batch === null ? [] : [batch]), ...samples.slice(-1 - HEAD_SAMPLES / 2)]
  // Runs of one answer shown once, with their length: "55 (x12), 56, 57 (x3)".
  const runs: Array<{ head: string; times: number }> = []
  for (const step of steps) {
    const head = Array.isArray(step)
      ? `[${step.map((s) => (s.head === null ? 'none' : `${s.head}`)).join(', ')}] (a batch)`
      : step.head === null
        ? 'none'
        : `${step.head}`
    if (runs.at(-1)?.head === head) runs.at(-1)!.times += 1
    else runs.push({ head, times: 1 })
  }
  const heads = runs.map((r) => (r.times === 1 ? r.head : `${r.head} (x${r.times})`))
  probe.note(`eth_blockNumber answered ${heads.join(', ')}, in this order${floor === undefined ? '' : `, after block ${floor.number} was mined`}`)
  probe.add(checkHeadsForward(steps, floor))
  if (named === null || served === undefined || latest === undefined) return
  probe.add(checkHeadServed(named, served, `eth_getBlockByNumber("${toQuantity(named)}")`))
  probe.add(checkHeadServed(named, latest, 'eth_getBlockByNumber("latest")', true))
}

/** history.code: a contract's code and a storage word its creation wrote, absent before the creation's block and present at it (the run's own contract in the full profile). */
export async function historyCode(probe: Probe, context: RunContext): Promise<void> {
  const refused = new Set<string>()
  if (context.config.profile === 'full') {
    const history = await made(probe, context)
    if (history === null) return
    const { contract, created } = history
    probe.note(
      `the run's counter contract ${contract}: created in block ${created.block.number} (${created.block.hash}) by ${created.transaction}; code and storage slot 0x0 at blocks ${created.parent.number} (${created.parent.hash}) and ${created.block.number}`,
    )
    const codeOf = `eth_getCode of ${contract}`
    const slotOf = `eth_getStorageAt of ${contract} slot 0x0`
    const [before, after, unset, set] = await Promise.all([
      readBoth(context, codeOf, 'eth_getCode', [contract], created.parent),
      readBoth(context, codeOf, 'eth_getCode', [contract], created.block),
      readBoth(context, slotOf, 'eth_getStorageAt', [contract, '0x0'], created.parent),
      readBoth(context, slotOf, 'eth_getStorageAt', [contract, '0x0'], created.block),
    ])
    const creation = `the run's transaction ${created.transaction} in block ${created.block.number} created it, its constructor setting slot 0 to 1`
    probe.add(checkExpected(before.number, { code: 'empty' }, creation))
    probe.add(checkExpected(after.number, { code: 'present' }, creation))
    probe.add(checkExpected(unset.number, { word: 'zero' }, creation))
    probe.add(checkExpected(set.number, { quantity: 1n }, creation))
    for (const reads of [before, after, unset, set]) probe.add(sameByHash(reads, refused))
    return noteRefused(probe, refused)
  }
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
    Promise.all(
      slots.map((slot) =>
        readAt(context, `eth_getStorageAt of ${contract} slot ${slot}`, 'eth_getStorageAt', [contract, slot], byNumber(block), `block ${block.number}`),
      ),
    ),
  ])
  const created = `transaction ${pair.transaction} in block ${block.number} created it`
  probe.add(checkExpected(before.number, { code: 'empty' }, created))
  probe.add(checkExpected(after.number, { code: 'present' }, created))
  probe.add(sameByHash(before, refused))
  probe.add(sameByHash(after, refused))
  // A word its creation wrote: the first of the slots read that holds one at the creation's block.
  const written = words.findIndex((read) => {
    const outcome = outcomeOf(read.exchange)
    return outcome.kind === 'result' && typeof outcome.value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(outcome.value) && BigInt(outcome.value) !== 0n
  })
  if (written === -1) {
    probe.note(
      `contract ${contract} created in block ${block.number} (${block.hash}) by ${pair.transaction}: code at blocks ${parent.number} and ${block.number}; none of its storage slots 0 to ${STORAGE_SLOTS_SEARCHED - 1} holds a word there, so no storage was compared`,
    )
  } else {
    const slot = slots[written]!
    probe.note(
      `contract ${contract} created in block ${block.number} (${block.hash}) by ${pair.transaction}: code and storage slot ${slot} at blocks ${parent.number} (${parent.hash}) and ${block.number}`,
    )
    const storage = await readBoth(context, `eth_getStorageAt of ${contract} slot ${slot}`, 'eth_getStorageAt', [contract, slot], parent)
    const atHash = await readAt(
      context,
      `eth_getStorageAt of ${contract} slot ${slot}`,
      'eth_getStorageAt',
      [contract, slot],
      byHash(block),
      `{"blockHash": "${block.hash}"} (block ${block.number})`,
    )
    probe.add(checkExpected(storage.number, { word: 'zero' }, `the contract did not exist before ${created}`))
    probe.add(sameByHash(storage, refused))
    probe.add(sameByHash({ number: words[written]!, hash: atHash }, refused))
  }
  noteRefused(probe, refused)
}

/** history.call: eth_call answers the state of the block asked (the run's own contract in the full profile; an ERC-20 balance a Transfer moved in read-only). */
export async function historyCall(probe: Probe, context: RunContext): Promise<void> {
  const refused = new Set<string>()
  if (context.config.profile === 'full') {
    const history = await made(probe, context)
    if (history === null) return
    const { contract, created } = history
    probe.note(
      `the run's counter contract ${contract}: eth_call of no data (its count) at blocks ${created.parent.number} (${created.parent.hash}), before its creation, and ${created.block.number} (${created.block.hash}), which created it with the count 1`,
    )
    const what = `eth_call of ${contract} (its count)`
    const [before, after] = await Promise.all([
      readBoth(context, what, 'eth_call', [{ to: contract, data: '0x' }], created.parent),
      readBoth(context, what, 'eth_call', [{ to: contract, data: '0x' }], created.block),
    ])
    const why = `the run's transaction ${created.transaction} in block ${created.block.number} created it with the count 1 (no code before: no answer data)`
    probe.add(checkExpected(before.number, { code: 'empty' }, why))
    probe.add(checkExpected(after.number, { quantity: 1n }, why))
    for (const reads of [before, after]) probe.add(sameByHash(reads, refused))
    return noteRefused(probe, refused)
  }
  const sample = await sampled(probe, context)
  if (sample === null) return
  const pair = sample.transfer
  if (pair === null) return probe.inconclusive(nonePair(sample, "holds an ERC-20 Transfer log that moves a holder's balance"))
  const { token, holder, parent, block, net } = pair
  const call = { to: token, data: `${BALANCE_OF}${holder.slice(2).padStart(64, '0')}` }
  probe.note(
    `token ${token}, holder ${holder}: eth_call balanceOf at blocks ${parent.number} (${parent.hash}) and ${block.number} (${block.hash}), whose Transfer logs (${pair.transaction}) move ${net} units`,
  )
  const what = `eth_call balanceOf(${holder}) on ${token}`
  const [before, after] = await Promise.all([readBoth(context, what, 'eth_call', [call], parent), readBoth(context, what, 'eth_call', [call], block)])
  probe.add(checkDiffer(before.number, after.number, `the Transfer logs of block ${block.number} move its balance by ${net}`))
  probe.add(sameByHash(before, refused))
  probe.add(sameByHash(after, refused))
  noteRefused(probe, refused)
}

/** history.logs: eth_getLogs over a range of blocks, and by one block's hash, answers exactly the logs of those blocks' receipts. */
export async function historyLogs(probe: Probe, context: RunContext): Promise<void> {
  const sample = await sampled(probe, context)
  if (sample === null) return
  const range = logRange(sample)
  if (range === null) return probe.inconclusive(nonePair(sample, 'has a log (a logsBloom with a bit set)', 'so no range holds logs to compare'))
  const outside = sample.blocks
    .filter((block) => hasLogs(block) && (numberOf(block) < numberOf(range[0]!) || numberOf(block) > numberOf(range.at(-1)!)))
    .map(numberOf)
  await compareLogs(probe, context, range, outside.length === 0 ? 'none near the head' : outside.slice(0, 6).join(', '))
  // An old block's logs too: a log index that reads old ranges wrong shows there.
  const aged = sample.aged.logs
  if (aged !== null && hashesOf(aged).length <= LOG_RANGE_RECEIPTS && !range.some((block) => block.hash === aged.hash))
    await compareLogs(probe, context, [aged], `those near the head (${numberOf(aged)} is ${sample.head - numberOf(aged)} blocks behind it)`)
}

/** eth_getLogs over the blocks of `range` (ascending, whole) and of its last block by hash, against their receipts' logs. */
async function compareLogs(probe: Probe, context: RunContext, range: Json[], outside: string): Promise<void> {
  const first = range[0]!
  const last = range.at(-1)!
  const receipts = await Promise.all(
    range.map((block) => Promise.all(hashesOf(block).map(async (hash) => ({ hash, exchange: await context.http!.call('eth_getTransactionReceipt', [hash]) })))),
  )
  const logsOf: unknown[][] = []
  for (const [i, block] of range.entries()) {
    const logs: unknown[] = []
    for (const { hash, exchange } of receipts[i]!) {
      const outcome = outcomeOf(exchange)
      const receipt = outcome.kind === 'result' ? outcome.value : null
      if (receipt === null || typeof receipt !== 'object' || !Array.isArray((receipt as Json).logs)) {
        return probe.fail(
          `eth_getTransactionReceipt answered no receipt with logs for transaction ${hash} of block ${numberOf(block)}, so the logs of the range are not known`,
          exchange,
        )
      }
      logs.push(...((receipt as Json).logs as unknown[]))
    }
    logsOf.push(logs)
  }
  const [byRange, byHash] = await Promise.all([
    context.http!.call('eth_getLogs', [{ fromBlock: toQuantity(numberOf(first)), toBlock: toQuantity(numberOf(last)) }]),
    context.http!.call('eth_getLogs', [{ blockHash: last.hash }]),
  ])
  probe.note(
    `eth_getLogs of blocks ${numberOf(first)} to ${numberOf(last)} (${logsOf.flat().length} logs in their receipts) and of block ${numberOf(last)} by its hash ${String(last.hash)}; blocks with logs outside the range: ${outside}`,
  )
  probe.add(checkRangeLogs(byRange, logsOf.flat(), `blocks ${numberOf(first)} to ${numberOf(last)}`))
  probe.add(checkRangeLogs(byHash, logsOf.at(-1)!, `block ${numberOf(last)} by its hash`))
}

/** history.proof: eth_getProof's proofs lead from the stateRoot of the block asked to the account and values stated (EIP-1186). */
export async function historyProof(probe: Probe, context: RunContext): Promise<void> {
  // Which account at which blocks: the run's own contract (absent, then created) in full; a
  // contract or sender of the chain near the head, at the head and at the blocks of its history, in read-only.
  const asks: Array<{ address: string; number: number; past: boolean }> = []
  if (context.config.profile === 'full') {
    const history = await made(probe, context)
    if (history === null) return
    for (const block of [history.created.parent, history.created.block]) asks.push({ address: history.contract, number: block.number, past: true })
  } else {
    const sample = await sampled(probe, context)
    if (sample === null) return
    const account = sample.creation ?? sample.transfer ?? sample.sender
    const address = sample.creation?.contract ?? sample.transfer?.token ?? sample.sender?.sender
    if (account === null || address === undefined)
      return probe.inconclusive(nonePair(sample, 'holds a transaction, a creation or a Transfer', 'so no account with history is known to prove'))
    for (const block of [account.parent, account.block]) asks.push({ address, number: block.number, past: true })
  }
  // And at an old block: a node may prove recent roots right and old ones from the head's state.
  const aged = (await historyOf(context).then((read) => ('sample' in read ? read.sample.aged.sender : null))) ?? null
  if (aged !== null && !asks.some((ask) => ask.number === aged.block.number)) asks.push({ address: aged.sender, number: aged.block.number, past: true })
  const head = await context.http!.call('eth_blockNumber', [])
  const headNumber = headNamed(head)
  if (headNumber !== null && !asks.some((ask) => ask.number === Number(headNumber)))
    asks.push({ address: asks[0]!.address, number: Number(headNumber), past: false })
  const judged = await Promise.all(
    asks.map(async (ask) => {
      const at = toQuantity(ask.number)
      const [block, proof] = await Promise.all([
        context.http!.call('eth_getBlockByNumber', [at, false]),
        context.http!.call('eth_getProof', [ask.address, PROOF_SLOTS, at]),
      ])
      const header = outcomeOf(block)
      const stateRoot = header.kind === 'result' && header.value !== null && typeof header.value === 'object' ? (header.value as Json).stateRoot : undefined
      if (typeof stateRoot !== 'string')
        return {
          ask,
          findings: [
            { kind: 'inconclusive' as const, message: `eth_getBlockByNumber("${at}") answered no stateRoot to check the proof against`, exchange: block },
          ],
        }
      return {
        ask,
        stateRoot,
        findings: await checkProof(proof, {
          address: ask.address,
          slots: PROOF_SLOTS,
          block: `block ${ask.number}${ask.past ? '' : ' (the head)'}`,
          stateRoot,
          past: ask.past,
        }),
      }
    }),
  )
  probe.note(
    `eth_getProof of ${asks[0]!.address}, storage slots 0 and 1 (as 32-byte words), at blocks ${judged.map(({ ask, stateRoot }) => `${ask.number}${stateRoot === undefined ? '' : ` (stateRoot ${stateRoot})`}${ask.address === asks[0]!.address ? '' : ` for ${ask.address}`}`).join(', ')}`,
  )
  for (const { findings } of judged) probe.add(findings)
}
