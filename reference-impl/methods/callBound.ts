import { CALL_TIMEOUT_MS, type CallBound } from '../chain/stateReader.js'
import type { CallContext } from '../rpc/methodTable.js'

/**
 * eth_call / eth_estimateGas time bound: 5 s each (geth's RPCEVMTimeout), and in a batch never past
 * what is left of the time the batch's calls share.
 */
export function callBound(context: CallContext): CallBound {
  const batch = context.batchExecution
  if (batch === undefined) return { timeoutMs: CALL_TIMEOUT_MS }
  return {
    timeoutMs: CALL_TIMEOUT_MS,
    deadline: batch.deadline,
    deadlineMessage: `execution aborted (a batch's calls may run ${batch.ms / 1000}s together)`,
  }
}
