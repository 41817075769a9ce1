import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import { failureVerdict } from './failureVerdict.js'
import { largestAccepted, type SearchOutcome, type Verdict } from './largestAccepted.js'
import { limitValue, type LimitMeasurement } from './limitMeasurement.js'
import { answerText, refusalSignature } from './refusalSignature.js'

/** Common range limits: l2geth's 1000 (which, by its `end - start > 1000` test, lets 1001 through), and 100. */
export const BLOCK_RANGE_HINTS: readonly number[] = [1000, 1001, 100]

export interface BlockRangeProbe {
  /** eth_getBlockRange [start, end, false] with hex block numbers, through the run's transport. */
  getBlockRange(start: number, end: number): Promise<Exchange>
  /** The head block number when discovery starts. */
  head: number
  /** --discover-max-range: no range of more blocks is asked for. */
  cap: number
}

function blocks(count: number): string {
  return `${count} block${count === 1 ? '' : 's'}`
}

/**
 * The largest eth_getBlockRange span (end - start + 1) the target answers (LIMITS; interface spec
 * section 8). Every range asked ends at or below the head, so "end beyond the head" never passes
 * for a size limit. When the chain is shorter than the cap, ranges past the head are asked only to
 * tell a size refusal from the past-the-head one (the answer to [head+1, head+1]); when the two
 * cannot be told apart, the answer is "at least head+1". At most `searchBudget` requests per phase.
 */
export async function maxBlockRange(probe: BlockRangeProbe): Promise<LimitMeasurement> {
  const { head } = probe
  const chain = head + 1
  const refusals = new Map<number, string>()
  let requests = 0
  const ask = async (start: number, end: number): Promise<Exchange> => {
    requests++
    return probe.getBlockRange(start, end)
  }
  // Ranges that end at the head: a refusal can only be about their size.
  const askInChain = async (count: number): Promise<Verdict> => {
    const exchange = await ask(head - count + 1, head)
    const verdict = failureVerdict(exchange) ?? (isBlocks(exchange, count) ? 'accepted' : 'refused')
    if (verdict === 'refused') refusals.set(count, answerText(exchange))
    return verdict
  }
  const inChainCap = Math.min(probe.cap, chain)
  const inChain = await largestAccepted(askInChain, { floor: 1, cap: inChainCap, hints: BLOCK_RANGE_HINTS })
  if (inChain.kind !== 'at-least' || inChainCap === probe.cap) {
    // Not even one block: the method fails (or is not served), which says nothing about a range limit.
    const value = inChain.kind === 'exact' && inChain.accepted === 0 ? null : limitValue(inChain, 1)
    return { value, requests, note: inChainNote(inChain, refusals, head) }
  }

  // The whole chain [0, head] was answered and the cap is larger: only ranges past the head are left.
  const baselineExchange = await ask(chain, chain)
  if (isBlocks(baselineExchange, 1) || failureVerdict(baselineExchange) !== null) {
    return {
      value: `>=${chain}`,
      requests,
      note: `the chain is shorter than any limit: all ${blocks(chain)} (0..${head}) answered in one range, and a range past the head could not be read (${answerText(baselineExchange)})`,
    }
  }
  const baseline = refusalSignature(baselineExchange)
  const askPastHead = async (count: number): Promise<Verdict> => {
    const exchange = await ask(0, count - 1)
    const failed = failureVerdict(exchange)
    if (failed !== null && failed !== 'refused') return failed
    const outcome = rpcOutcome(exchange)
    // Blocks (the head moved on, or a node that answers what exists), or the past-the-head refusal: the size was taken.
    if ((outcome.kind === 'result' && Array.isArray(outcome.value)) || refusalSignature(exchange) === baseline) return 'accepted'
    refusals.set(count, answerText(exchange))
    return 'refused'
  }
  const past = await largestAccepted(askPastHead, { floor: chain + 1, cap: probe.cap, hints: BLOCK_RANGE_HINTS, known: { accepted: chain } })
  const pastHead = `past-the-head answer ${answerText(baselineExchange)}`
  if (past.kind === 'exact') {
    return {
      value: past.accepted,
      requests,
      note: `the chain has ${blocks(chain)}, so ranges reaching past the head were asked: up to ${blocks(past.accepted)} got the ${pastHead}; ${blocks(past.accepted + 1)} were refused as too large (${refusals.get(past.accepted + 1) ?? 'refused'})`,
    }
  }
  if (past.kind === 'at-least') {
    return {
      value: `>=${chain}`,
      requests,
      note: `the chain is shorter than any limit: all ${blocks(chain)} answered in one range; a range of ${blocks(probe.cap)} past the head got only the ${pastHead}, so no size limit can be told apart`,
    }
  }
  return { value: `>=${past.accepted}`, requests, note: `stopped after ${blocks(past.accepted)} were taken: ${past.reason ?? 'no answer'}` }
}

/** A result array of exactly `count` blocks. */
function isBlocks(exchange: Exchange, count: number): boolean {
  const outcome = rpcOutcome(exchange)
  return outcome.kind === 'result' && Array.isArray(outcome.value) && outcome.value.length === count
}

function inChainNote(outcome: SearchOutcome, refusals: Map<number, string>, head: number): string {
  if (outcome.kind === 'at-least')
    return `a range of ${blocks(outcome.accepted)} ending at the head (${head}) was answered; no larger range was asked (the cap)`
  if (outcome.kind === 'unsure')
    return `stopped: ${outcome.reason ?? 'no answer'}${outcome.accepted > 0 ? ` (after ${blocks(outcome.accepted)} were answered)` : ''}`
  if (outcome.accepted === 0) return `even a range of 1 block was refused: ${refusals.get(1) ?? 'refused'}`
  return `ranges of up to ${blocks(outcome.accepted)} ending at the head (${head}) are answered; ${blocks(outcome.accepted + 1)}: ${refusals.get(outcome.accepted + 1) ?? 'refused'}`
}
