import { boundedJson } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'

/** SENDRAW: signed transactions are the way in; anything else is refused. */
export const row = requirement({
  id: 'SENDRAW',
  level: 'MUST',
  text: 'eth_sendRawTransaction accepts a valid signed transaction (full profile) and rejects garbage with an error',
  section: '4.2 (standard methods), 4.3',
})

/** Generated garbage transactions sent: at least this many, else half of --runs. */
export const MIN_GARBAGE_SAMPLES = 8

/** A raw transaction as findings print it: short ones whole, long ones cut. */
export function rawName(raw: string): string {
  return raw.length > 42 ? `${raw.slice(0, 40)}...` : raw
}

/** The receipt of the run's own transaction says it succeeded (status 0x1) and names its block. */
export function checkReceipt(receipt: Record<string, unknown>, exchange: Exchange | undefined): { findings: Finding[]; blockNumber?: string } {
  const findings: Finding[] = []
  const at = (finding: Finding): Finding => (exchange === undefined ? finding : { ...finding, exchange })
  if (receipt.status !== '0x1')
    findings.push(
      at({
        kind: 'wrong-value',
        message: `the receipt's status is ${boundedJson(receipt.status, 40)}, expected 0x1`,
        pointer: '/result/status',
        expected: '0x1',
        got: receipt.status,
      }),
    )
  const blockNumber = receipt.blockNumber
  if (typeof blockNumber !== 'string' || !/^0x[0-9a-f]{1,15}$/i.test(blockNumber))
    return { findings: [...findings, at({ kind: 'schema-violation', message: 'the receipt has no blockNumber', pointer: '/result/blockNumber' })] }
  return { findings, blockNumber }
}

/** eth_getBlockRange [n, n, true] for the receipt's block holds the transaction. */
export function checkRangeHolds(range: Exchange, blockNumber: string, txHash: string): Finding[] {
  const outcome = outcomeOf(range)
  const first: unknown = outcome.kind === 'result' && Array.isArray(outcome.value) ? outcome.value[0] : undefined
  const txs = first !== null && typeof first === 'object' ? (first as { transactions?: unknown }).transactions : undefined
  if (outcome.kind !== 'result' || !Array.isArray(outcome.value))
    return [
      {
        kind: outcome.kind === 'broken' ? 'no-answer' : 'unexpected-error',
        message: `eth_getBlockRange [${blockNumber}, ${blockNumber}, true] did not answer a block`,
        exchange: range,
      },
    ]
  const held = Array.isArray(txs) && txs.some((tx) => tx !== null && typeof tx === 'object' && (tx as { hash?: unknown }).hash === txHash)
  if (held) return []
  return [{ kind: 'wrong-value', message: `block ${blockNumber} from eth_getBlockRange does not hold transaction ${txHash}`, exchange: range }]
}

export { checkIsError } from '../checks/outcomeFindings.js'
