import type { Exchange } from '../transport/exchange.js'
import { failureVerdict } from './failureVerdict.js'
import { largestAccepted, type Verdict } from './largestAccepted.js'
import type { LimitMeasurement } from './limitMeasurement.js'
import { answerText } from './refusalSignature.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'

/**
 * Common state histories, in blocks counted back from the head: geth's in-memory 128 (a full node
 * without an archive) and its path-based default, 90,000. Each costs two probes and pins the answer at once.
 */
export const STATE_HISTORY_HINTS: readonly number[] = [128, 90_000]

export interface ArchiveProbe {
  /** A state read at block `number` (eth_getBalance of one address), through the run's transport. */
  stateAt(number: number): Promise<Exchange>
  /** The head block number when discovery starts. */
  head: number
}

const blocks = (count: number): string => `${count} block${count === 1 ? '' : 's'}`

/**
 * The oldest block whose state the target serves (LIMITS; a node that prunes state answers an error
 * such as geth's "missing trie node" for older blocks): a bounded search over how many blocks back
 * from the head a state read is answered, assuming a block's state is served when an older one is
 * (the state kept is the newest). At most `searchBudget(1, head + 1, hints)` reads: about log2 of the
 * chain's length. An archive node serves every block's state, genesis included: 0.
 */
export async function oldestStateBlock(probe: ArchiveProbe): Promise<LimitMeasurement> {
  const { head } = probe
  let requests = 0
  const refusals = new Map<number, string>()
  // Depth d: the state of block head - d + 1 (d = 1 is the head's, d = head + 1 genesis').
  const ask = async (depth: number): Promise<Verdict> => {
    requests++
    const exchange = await probe.stateAt(head - depth + 1)
    const failed = failureVerdict(exchange)
    if (failed !== null) return failed
    const outcome = rpcOutcome(exchange)
    if (outcome.kind === 'result') return 'accepted'
    refusals.set(depth, answerText(exchange))
    return 'refused'
  }
  const outcome = await largestAccepted(ask, { floor: 1, cap: head + 1, hints: STATE_HISTORY_HINTS })
  const oldest = (depth: number): number => head - depth + 1
  if (outcome.kind === 'at-least') {
    return {
      value: 0,
      requests,
      note: `the state of every block is served, genesis included (an archive node): ${blocks(head + 1)} back from the head ${head}`,
    }
  }
  if (outcome.kind === 'exact') {
    if (outcome.accepted === 0) return { value: null, requests, note: `not even the head's state (block ${head}) is served: ${refusals.get(1) ?? 'refused'}` }
    return {
      value: oldest(outcome.accepted),
      requests,
      note: `the state of the last ${blocks(outcome.accepted)} is served (blocks ${oldest(outcome.accepted)} to the head ${head}); block ${oldest(outcome.accepted) - 1}'s is refused: ${refusals.get(outcome.accepted + 1) ?? 'refused'}`,
    }
  }
  const bound = outcome.accepted >= 1 ? `<=${oldest(outcome.accepted)}` : null
  return {
    value: bound,
    requests,
    note: `stopped: ${outcome.reason ?? 'no answer'}${outcome.accepted >= 1 ? ` (the state of the last ${blocks(outcome.accepted)} was served)` : ''}`,
  }
}
