import type { RunContext } from '../run/runContext.js'
import { headOf } from '../checks/headOf.js'
import type { Finding } from '../checks/finding.js'

/** The target's head block number (eth_blockNumber), or null when it does not answer one. */
export async function chainHead(context: RunContext): Promise<number | null> {
  const read = headOf(await context.http!.call('eth_blockNumber', []))
  return 'head' in read ? read.head : null
}

/** The target's head block number, or the finding (with its exchange) that it answered none. */
export async function readHead(context: RunContext, why?: string): Promise<{ head: number } | { finding: Finding }> {
  return headOf(await context.http!.call('eth_blockNumber', []), why)
}
