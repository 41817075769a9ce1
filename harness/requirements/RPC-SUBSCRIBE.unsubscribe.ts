import type { Exchange } from '../transport/exchange.js'
import { boundedJson } from '../checks/boundedJson.js'
import type { LiveVerdict } from '../checks/liveVerdict.js'
import { outcomeOf } from '../checks/outcomeOf.js'

/** What followed eth_unsubscribe: its exchange, the notifications for the id after it was answered, and how far the head moved meanwhile. */
export interface AfterUnsubscribe {
  unsubscribe: Exchange
  /** Notifications for the cancelled id counted after the answer (and a grace for those already in flight). */
  late: number
  /** Blocks made after the answer (and the grace), while the suite watched for late notifications. */
  blocksAfter: bigint
}

/**
 * RPC-SUBSCRIBE: eth_unsubscribe answers true, and once it has, nothing more arrives under the id,
 * even as new blocks are made. When no block was made after it, silence proves nothing: inconclusive.
 * @example judgeUnsubscribe({ unsubscribe, late: 0, blocksAfter: 2n }, '0x9c') // no findings
 */
export function judgeUnsubscribe(after: AfterUnsubscribe, subscriptionId: string): LiveVerdict {
  const findings: LiveVerdict['findings'] = []
  const answer = outcomeOf(after.unsubscribe)
  if (answer.kind !== 'result' || answer.value !== true) {
    findings.push({
      kind: 'wrong-value',
      message: `eth_unsubscribe ["${subscriptionId}"] answered ${boundedJson(answer.kind === 'result' ? answer.value : answer)}, expected true`,
      exchange: after.unsubscribe,
    })
  }
  if (after.late > 0) {
    findings.push({
      kind: 'unsolicited',
      message: `${after.late} notification(s) arrived under subscription ${subscriptionId} after eth_unsubscribe answered ${answer.kind === 'result' ? boundedJson(answer.value) : 'an error'} (${after.blocksAfter} block(s) made since)`,
      exchange: after.unsubscribe,
    })
  }
  const unproven = findings.length === 0 && after.blocksAfter === 0n
  return { findings, inconclusive: unproven ? `no block was made after eth_unsubscribe answered: nothing to show the notifications stopped` : null }
}
