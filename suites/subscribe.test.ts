import { describe } from 'vitest'
import { check } from '../harness/run/check.js'
import type { Probe } from '../harness/run/certify.js'
import type { RunContext } from '../harness/run/runContext.js'
import type { Subscription } from '../harness/transport/wsTransport.js'
import { outcomeOf } from '../harness/checks/outcomeOf.js'
import { LOG_EMITTING_INIT_CODE, sendLogEmittingTransaction } from './support/sendFromKey.js'
import { addressOf, signLegacyTransaction } from '../harness/transactions/signLegacyTransaction.js'
import {
  checkFilterHeld, checkHeaderNotification, checkNoneAfterCancel, checkOwnLog, checkSubscribed, checkUnsubscribed,
  FILTER_SETTLE_MS, GRACE_MS, IDLE_AFTER_UNSUBSCRIBE_MS, IDLE_BLOCK_WAIT_MS, OWN_BLOCK_WAIT_MS, OWN_LOG_WAIT_MS,
} from '../harness/requirements/RPC-SUBSCRIBE.js'
import { checkIsError, UNKNOWN_SUBSCRIPTION } from '../harness/requirements/RPC-ERRORS.js'

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
      const subscribed = checkSubscribed(subscription.id, subscription.exchange, 'eth_subscribe ["newHeads"]')
      if (subscribed.length > 0) return probe.add(subscribed)
      const { head, mined } = await nextBlock(context, probe, subscription)
      if (head === undefined) {
        if (mined) probe.fail(`no newHeads notification within ${OWN_BLOCK_WAIT_MS / 1000} s of a block the run itself made (its transaction's receipt is there)`, subscription.exchange, undefined, 'missing-notification')
        else if (probe.findings.length === 0) probe.inconclusive(`no new block within ${IDLE_BLOCK_WAIT_MS / 1000} s (a read-only run makes none; the full profile does)`)
        return
      }
      probe.add(checkHeaderNotification(head, subscription.exchange))
      const unsubscribe = await subscription.unsubscribe()
      probe.add(checkUnsubscribed(unsubscribe))
      await new Promise((resolve) => setTimeout(resolve, GRACE_MS))
      const settled = subscription.lateNotifications
      // Another block after the cancellation: it must not be notified.
      if (context.config.profile === 'full') await sendLogEmittingTransaction(context, probe)
      else await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_UNSUBSCRIBE_MS))
      await new Promise((resolve) => setTimeout(resolve, GRACE_MS))
      probe.add(checkNoneAfterCancel(subscription.lateNotifications, settled, unsubscribe))
    },
    { waits: true, sends: true },
  )
  check(
    { id: 'subscribe.logs', requirement: 'RPC-SUBSCRIBE', title: 'logs with an address filter notifies the log of a new transaction, and not the log of another address' },
    { ws: true, full: true },
    async (probe, context) => {
      const key = context.config.privateKey!
      const from = addressOf(key)
      const nonceExchange = await context.http!.call('eth_getTransactionCount', [from, 'pending'])
      const nonceAnswer = outcomeOf(nonceExchange)
      if (nonceAnswer.kind !== 'result' || typeof nonceAnswer.value !== 'string') return probe.fail('eth_getTransactionCount did not answer a nonce', nonceExchange, undefined, 'unexpected-error')
      // The log comes from the contract the next transaction creates: its address is known before it is sent.
      const predicted = signLegacyTransaction({ chainId: 1n, nonce: BigInt(nonceAnswer.value), gasPrice: 1n, gasLimit: 1n, data: LOG_EMITTING_INIT_CODE }, key).contractAddress!
      const ws = await context.openWs()
      const subscription = await ws.subscribe(['logs', { address: predicted }])
      const subscribed = checkSubscribed(subscription.id, subscription.exchange, 'eth_subscribe ["logs", {address}]')
      if (subscribed.length > 0) return probe.add(subscribed)
      const sent = await sendLogEmittingTransaction(context, probe)
      if (sent === null || sent.receipt === null) return
      if (sent.tx.contractAddress !== predicted) return probe.inconclusive('another transaction from the same key got in between')
      const next = await subscription.next(OWN_LOG_WAIT_MS)
      if (!('value' in next)) return probe.fail(`no logs notification within ${OWN_LOG_WAIT_MS / 1000} s for the log of ${sent.tx.hash}`, subscription.exchange, undefined, 'missing-notification')
      probe.add(checkOwnLog(next.value, predicted, sent.tx.hash, subscription.exchange))
      // A second log from another address (the next contract created) must not pass the filter.
      const other = await sendLogEmittingTransaction(context, probe)
      if (other?.receipt !== null && other !== null) {
        await new Promise((resolve) => setTimeout(resolve, FILTER_SETTLE_MS))
        probe.add(checkFilterHeld(subscription.received, predicted, subscription.exchange))
      }
      probe.add(checkUnsubscribed(await subscription.unsubscribe()))
    },
    { waits: true, sends: true },
  )
  check(
    { id: 'errors.unknown-subscription', requirement: 'RPC-ERRORS', title: 'eth_subscribe of an unknown kind is an error' },
    { ws: true },
    async (probe, context) => {
      const ws = await context.ws()
      if (ws === null) return
      probe.add(checkIsError(await ws.call('eth_subscribe', [UNKNOWN_SUBSCRIPTION]), `eth_subscribe ["${UNKNOWN_SUBSCRIPTION}"]`))
    },
  )
})
