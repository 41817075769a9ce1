import { LIBRARIES, OPERATIONS, clientCheckId } from '../clients/libraries.js'
import { operationMaySend, runOperation } from '../clients/operations.js'
import { runWatch } from '../clients/watchOperation.js'
import type { CheckDefinition } from '../run/registry.js'
import { requirement } from './requirement.js'

/**
 * CLIENT-COMPAT: real client libraries work against the node. The interface document names no
 * library, so this is a SHOULD (a warning unless --strict): a node that answers as the document says
 * still serves users of viem, ethers or web3.js badly when one of them cannot read an answer, or reads
 * another value than the answer holds. Each check runs one library's own call for one operation over
 * the run's transports and compares what the library hands back with the suite's strict reading of
 * the very answer the library got (harness/clients/).
 */
export const row = requirement({
  id: 'CLIENT-COMPAT',
  level: 'SHOULD',
  text: 'viem 2, ethers 6 and web3.js 4 read each answer as it is (chain id, blocks, balances, transactions, receipts, logs, fees, calls and revert reasons, new heads over WebSocket, the custom methods raw): none throws, none reads another value',
  section: '4 (the answers as the Ethereum JSON-RPC conventions give them; no library is named, so SHOULD)',
})

export {
  CALL_BOUND_REQUESTS,
  LOG_RANGE_BLOCKS,
  NOTIFY_WAIT_MS,
  POLL_MS,
  SEND_WAIT_MS,
  WATCH_HEADS,
  WATCH_WAIT_MS,
  callBoundMs,
} from '../clients/clientBounds.js'

/**
 * Each pinned client library (viem 2, ethers 6, web3.js 4) on each operation, a check of its own
 * (`client.<library>.<operation>`), so the report holds a library x operation matrix. The libraries
 * are loaded inside the checks (harness/clients/libraries.ts): declaring, listing or a run that skips
 * CLIENT-COMPAT never loads them.
 */
export function checks(): CheckDefinition[] {
  return LIBRARIES.flatMap((library) =>
    OPERATIONS.map((operation): CheckDefinition => {
      const id = clientCheckId(library.name, operation.id)
      const title = `${library.title} ${operation.calls[library.name]}: ${operation.what}`
      // It waits for heads; in the full profile it makes them from the run's key.
      if (operation.transport === 'ws')
        return { id, title, needs: { ws: true }, waits: true, sends: true, run: (probe, context) => runWatch(probe, context, library.name) }
      const run: CheckDefinition['run'] = (probe, context) => runOperation(probe, context, library.name, operation.id)
      if (operation.id === 'send-transaction') return { id, title, needs: { full: true }, waits: true, sends: true, run }
      // In the full profile, on a chain without a transaction or a token, the first of these makes what is missing.
      if (operationMaySend(operation.id)) return { id, title, waits: true, sends: true, run }
      return { id, title, run }
    }),
  )
}

export {
  judgeObject,
  judgeTransaction,
  judgeValue,
  strictValue,
  BLOCK_FIELDS,
  LOG_FIELDS,
  RECEIPT_FIELDS,
  TRANSACTION_FIELDS,
} from '../clients/judgeReading.js'
export { decodeRevertReason } from '../clients/revertReason.js'
