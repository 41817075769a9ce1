import fc from 'fast-check'
import { describe } from 'vitest'
import { checkIsError } from '../harness/checks/outcomeFindings.js'
import { garbageRawTx } from '../harness/generate/garbageRawTx.js'
import { deriveSeed } from '../harness/generate/seededRun.js'
import { check } from '../harness/run/check.js'
import { outcomeOf } from '../harness/checks/outcomeOf.js'
import { toQuantity } from '../harness/generate/toQuantity.js'
import { sendLogEmittingTransaction } from './support/sendFromKey.js'

describe('SENDRAW: eth_sendRawTransaction', () => {
  check(
    { id: 'sendraw.garbage', requirement: 'SENDRAW', title: 'garbage, truncated, wrongly signed and wrong-chain transactions are refused with an error' },
    {},
    async (probe, context) => {
      const seed = deriveSeed(context.config.seed, 'sendraw.garbage')
      const samples = fc.sample(garbageRawTx(), { seed, numRuns: Math.max(8, Math.ceil(context.config.runs / 2)) })
      for (const raw of samples) {
        const exchange = await context.http!.call('eth_sendRawTransaction', [raw])
        probe.add(checkIsError(exchange, `eth_sendRawTransaction of ${raw.length > 42 ? `${raw.slice(0, 40)}...` : raw} (seed ${context.config.seed})`))
      }
    },
  )
  check(
    { id: 'sendraw.accepted', requirement: 'SENDRAW', title: 'a valid signed transaction is accepted, mined, and appears in eth_getBlockRange with full transactions' },
    { full: true },
    async (probe, context) => {
      const sent = await sendLogEmittingTransaction(context, probe)
      if (sent?.receipt === null || sent === null) return
      const receipt = sent.receipt
      if (receipt.status !== '0x1') probe.fail(`the receipt's status is ${JSON.stringify(receipt.status)}, expected 0x1`, sent.receiptExchange ?? undefined)
      const blockNumber = receipt.blockNumber
      if (typeof blockNumber !== 'string') return probe.fail('the receipt has no blockNumber', sent.receiptExchange ?? undefined)
      const range = await context.http!.call('eth_getBlockRange', [blockNumber, blockNumber, true])
      const outcome = outcomeOf(range)
      const txs = outcome.kind === 'result' && Array.isArray(outcome.value) ? ((outcome.value[0] as { transactions?: Array<{ hash?: string }> } | undefined)?.transactions ?? []) : null
      if (txs === null) probe.fail(`eth_getBlockRange [${blockNumber}, ${blockNumber}, true] did not answer a block`, range)
      else if (!txs.some((t) => t?.hash === sent.tx.hash)) probe.fail(`block ${blockNumber} from eth_getBlockRange does not hold transaction ${sent.tx.hash}`, range)
      probe.note(`sent ${sent.tx.hash}, mined in block ${Number(BigInt(blockNumber))} (${toQuantity(BigInt(blockNumber))})`)
    },
  )
})
