import type { RunContext } from '../../harness/run/runContext.js'
import { outcomeOf } from '../../harness/checks/outcomeOf.js'

/** The target's head block number (eth_blockNumber), or null when it does not answer one. */
export async function chainHead(context: RunContext): Promise<number | null> {
  const outcome = outcomeOf(await context.http!.call('eth_blockNumber', []))
  return outcome.kind === 'result' && typeof outcome.value === 'string' && /^0x[0-9a-f]+$/i.test(outcome.value) ? Number(BigInt(outcome.value)) : null
}
