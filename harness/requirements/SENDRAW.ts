import { boundedJson } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'
import fc from 'fast-check'
import { garbageRawTx } from '../generate/garbageRawTx.js'
import { deriveSeed } from '../generate/seededRun.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { CheckDefinition } from '../run/registry.js'
import { sideBySide } from '../run/sideBySide.js'
import { specName } from '../run/undeclared.js'
import { sendLogEmittingTransaction } from '../scenarios/sendFromKey.js'
import { checkIsError } from '../checks/outcomeFindings.js'

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

/** SENDRAW's checks: garbage is refused; in the full profile a valid signed transaction is accepted and mined (a spec that does not describe eth_sendRawTransaction declares neither). */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'sendraw.garbage',
      title: 'garbage, truncated, wrongly signed and wrong-chain transactions are refused with an error',
      calls: ['eth_sendRawTransaction'],
      run: async (probe, context) => {
        const seed = deriveSeed(context.config.seed, 'sendraw.garbage')
        const samples = fc.sample(garbageRawTx(), { seed, numRuns: Math.max(MIN_GARBAGE_SAMPLES, Math.ceil(context.config.runs / 2)) })
        // Side by side: each is its own refusal, judged alone.
        const exchanges = await sideBySide(samples, context.config.concurrency, (raw) => context.http!.call('eth_sendRawTransaction', [raw]))
        for (const [i, exchange] of exchanges.entries())
          probe.add(checkIsError(exchange, `eth_sendRawTransaction of ${rawName(samples[i]!)} (seed ${context.config.seed})`))
      },
    },
    {
      id: 'sendraw.accepted',
      title: 'a valid signed transaction is accepted, mined, and appears in eth_getBlockRange with full transactions',
      calls: ['eth_sendRawTransaction'],
      needs: { full: true },
      waits: true,
      sends: true,
      run: async (probe, context) => {
        const sent = await sendLogEmittingTransaction(context, probe)
        if (sent?.receipt === null || sent === null) return
        const receipt = checkReceipt(sent.receipt, sent.receiptExchange ?? undefined)
        probe.add(receipt.findings)
        const blockNumber = receipt.blockNumber
        if (blockNumber === undefined) return
        if (context.openrpc.method('eth_getBlockRange') === undefined)
          return probe.note(
            `sent ${sent.tx.hash}, mined in block ${Number(BigInt(blockNumber))}; the ${specName(context)} given has no eth_getBlockRange to find it in`,
          )
        probe.add(checkRangeHolds(await context.http!.call('eth_getBlockRange', [blockNumber, blockNumber, true]), blockNumber, sent.tx.hash))
        probe.note(`sent ${sent.tx.hash}, mined in block ${Number(BigInt(blockNumber))} (${toQuantity(BigInt(blockNumber))})`)
      },
    },
  ]
}
