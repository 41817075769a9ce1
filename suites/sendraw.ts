import fc from 'fast-check'
import { garbageRawTx } from '../harness/generate/garbageRawTx.js'
import { deriveSeed } from '../harness/generate/seededRun.js'
import { defineSuite } from '../harness/run/registry.js'
import { sideBySide } from '../harness/run/sideBySide.js'
import { toQuantity } from '../harness/generate/toQuantity.js'
import { sendLogEmittingTransaction } from './support/sendFromKey.js'
import { checkIsError, checkRangeHolds, checkReceipt, MIN_GARBAGE_SAMPLES, rawName } from '../harness/requirements/SENDRAW.js'
import { specName } from '../harness/run/undeclared.js'
import { whenDescribed } from './support/whenDescribed.js'

export default defineSuite('sendraw', (declare, scope) => {
  // A spec that does not describe eth_sendRawTransaction declares no check of it.
  const check = whenDescribed(declare, scope, ['eth_sendRawTransaction'])
  // SENDRAW: eth_sendRawTransaction
  check(
    { id: 'sendraw.garbage', requirement: 'SENDRAW', title: 'garbage, truncated, wrongly signed and wrong-chain transactions are refused with an error' },
    {},
    async (probe, context) => {
      const seed = deriveSeed(context.config.seed, 'sendraw.garbage')
      const samples = fc.sample(garbageRawTx(), { seed, numRuns: Math.max(MIN_GARBAGE_SAMPLES, Math.ceil(context.config.runs / 2)) })
      // Side by side: each is its own refusal, judged alone.
      const exchanges = await sideBySide(samples, context.config.concurrency, (raw) => context.http!.call('eth_sendRawTransaction', [raw]))
      for (const [i, exchange] of exchanges.entries())
        probe.add(checkIsError(exchange, `eth_sendRawTransaction of ${rawName(samples[i]!)} (seed ${context.config.seed})`))
    },
  )
  check(
    {
      id: 'sendraw.accepted',
      requirement: 'SENDRAW',
      title: 'a valid signed transaction is accepted, mined, and appears in eth_getBlockRange with full transactions',
    },
    { full: true },
    async (probe, context) => {
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
    { waits: true, sends: true },
  )
})
