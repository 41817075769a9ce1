import { describe } from 'vitest'
import { checkIsError } from '../harness/checks/outcomeFindings.js'
import { check } from '../harness/run/check.js'
import type { Probe } from '../harness/run/certify.js'
import type { RunContext } from '../harness/run/runContext.js'
import type { Subscription } from '../harness/transport/wsTransport.js'
import { outcomeOf } from '../harness/checks/outcomeOf.js'
import { LOG_EMITTING_INIT_CODE, sendLogEmittingTransaction } from './support/sendFromKey.js'
import { addressOf, signLegacyTransaction } from '../harness/transactions/signLegacyTransaction.js'

/** How long a read-only run waits for the chain to make a block by itself. */
const IDLE_BLOCK_WAIT_MS = 20_000
/** After unsubscribing, how long a notification already in flight may still arrive. */
const GRACE_MS = 500

/** How long a block the run itself made may take to be notified. */
const OWN_BLOCK_WAIT_MS = 10_000

/**
 * Makes (full profile) or waits for (read-only) the next block and returns its notification;
 * `mined` tells whether the run's own transaction is known to be in a block.
 */
async function nextBlock(context: RunContext, probe: Probe, subscription: Subscription): Promise<{ head: unknown; mined: boolean }> {
  let mined = false
  if (context.config.profile === 'full') {
    const sent = await sendLogEmittingTransaction(context, probe)
    if (sent?.receipt === null || sent === null) return { head: undefined, mined }
    mined = true
  }
  const next = await subscription.next(mined ? OWN_BLOCK_WAIT_MS : IDLE_BLOCK_WAIT_MS)
  return { head: 'value' in next ? next.value : undefined, mined }
}

describe('RPC-SUBSCRIBE: eth_subscribe notifies; eth_unsubscribe cancels', () => {
  check(
    { id: 'subscribe.newHeads', requirement: 'RPC-SUBSCRIBE', title: 'newHeads notifies each new block; after eth_unsubscribe (true) the notifications stop' },
    { ws: true },
    async (probe, context) => {
      const ws = await context.openWs()
      const subscription = await ws.subscribe(['newHeads'])
      if (subscription.id === null) return probe.fail('eth_subscribe ["newHeads"] did not answer a subscription id', subscription.exchange)
      const { head, mined } = await nextBlock(context, probe, subscription)
      if (head === undefined) {
        if (mined) probe.fail(`no newHeads notification within ${OWN_BLOCK_WAIT_MS / 1000} s of a block the run itself made (its transaction's receipt is there)`, subscription.exchange)
        else if (probe.findings.length === 0) probe.inconclusive(`no new block within ${IDLE_BLOCK_WAIT_MS / 1000} s (a read-only run makes none; the full profile does)`)
        return
      }
      const header = head as Record<string, unknown>
      if (typeof header.number !== 'string' || typeof header.hash !== 'string' || typeof header.parentHash !== 'string') {
        probe.fail(`the newHeads notification is not a block header: ${JSON.stringify(head).slice(0, 120)}`, subscription.exchange)
      }
      const unsubscribe = await subscription.unsubscribe()
      const answer = outcomeOf(unsubscribe)
      if (answer.kind !== 'result' || answer.value !== true) probe.fail(`eth_unsubscribe answered ${JSON.stringify(answer.kind === 'result' ? answer.value : answer)}, expected true`, unsubscribe)
      await new Promise((resolve) => setTimeout(resolve, GRACE_MS))
      const settled = subscription.lateNotifications
      // Another block after the cancellation: it must not be notified.
      if (context.config.profile === 'full') await sendLogEmittingTransaction(context, probe)
      else await new Promise((resolve) => setTimeout(resolve, 3_000))
      await new Promise((resolve) => setTimeout(resolve, GRACE_MS))
      if (subscription.lateNotifications > settled) probe.fail(`${subscription.lateNotifications - settled} newHeads notification(s) arrived after eth_unsubscribe`, unsubscribe)
    },
  )
  check(
    { id: 'subscribe.logs', requirement: 'RPC-SUBSCRIBE', title: 'logs with an address filter notifies the log of a new transaction, and not the log of another address' },
    { ws: true, full: true },
    async (probe, context) => {
      const key = context.config.privateKey!
      const from = addressOf(key)
      const nonceAnswer = outcomeOf(await context.http!.call('eth_getTransactionCount', [from, 'pending']))
      if (nonceAnswer.kind !== 'result' || typeof nonceAnswer.value !== 'string') return probe.fail('eth_getTransactionCount did not answer a nonce')
      // The log comes from the contract the next transaction creates: its address is known before it is sent.
      const predicted = signLegacyTransaction({ chainId: 1n, nonce: BigInt(nonceAnswer.value), gasPrice: 1n, gasLimit: 1n, data: LOG_EMITTING_INIT_CODE }, key).contractAddress!
      const ws = await context.openWs()
      const subscription = await ws.subscribe(['logs', { address: predicted }])
      if (subscription.id === null) return probe.fail('eth_subscribe ["logs", {address}] did not answer a subscription id', subscription.exchange)
      const sent = await sendLogEmittingTransaction(context, probe)
      if (sent === null || sent.receipt === null) return
      if (sent.tx.contractAddress !== predicted) return probe.inconclusive('another transaction from the same key got in between')
      const next = await subscription.next(10_000)
      if (!('value' in next)) return probe.fail(`no logs notification within 10 s for the log of ${sent.tx.hash}`, subscription.exchange)
      const log = next.value as Record<string, unknown>
      if (String(log.address).toLowerCase() !== predicted || log.transactionHash !== sent.tx.hash) probe.fail(`the logs notification is not the transaction's log: ${JSON.stringify(log).slice(0, 160)}`, subscription.exchange)
      // A second log from another address (the next contract created) must not pass the filter.
      const other = await sendLogEmittingTransaction(context, probe)
      if (other?.receipt !== null && other !== null) {
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        const stray = subscription.received.find((l) => String((l as Record<string, unknown>).address).toLowerCase() !== predicted)
        if (stray !== undefined) probe.fail(`a log of another address passed the filter {address: ${predicted}}: ${JSON.stringify(stray).slice(0, 160)}`, subscription.exchange)
      }
      const unsubscribe = await subscription.unsubscribe()
      const answer = outcomeOf(unsubscribe)
      if (answer.kind !== 'result' || answer.value !== true) probe.fail(`eth_unsubscribe answered ${JSON.stringify(answer.kind === 'result' ? answer.value : answer)}, expected true`, unsubscribe)
    },
  )
  check(
    { id: 'errors.unknown-subscription', requirement: 'RPC-ERRORS', title: 'eth_subscribe of an unknown kind is an error' },
    { ws: true },
    async (probe, context) => {
      const ws = await context.ws()
      if (ws === null) return
      probe.add(checkIsError(await ws.call('eth_subscribe', ['l2confNoSuchEvent']), 'eth_subscribe ["l2confNoSuchEvent"]'))
    },
  )
})
