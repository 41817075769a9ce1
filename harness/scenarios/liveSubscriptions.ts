import type { HeadWindow, LiveVerdict } from '../checks/liveVerdict.js'
import { judgeNewHeads } from '../requirements/RPC-SUBSCRIBE.newHeads.js'
import { judgeLogNotifications } from '../requirements/RPC-SUBSCRIBE.logs.js'
import { judgeUnsubscribe } from '../requirements/RPC-SUBSCRIBE.unsubscribe.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Probe } from '../run/certify.js'
import type { RunContext } from '../run/runContext.js'
import { addressOf, signLegacyTransaction } from '../transactions/signLegacyTransaction.js'
import type { Subscription } from '../transport/wsTransport.js'
import { chainHead, readHead } from './chainHead.js'
import { LOG_EMITTING_INIT_CODE, sendLogEmittingTransaction } from './sendFromKey.js'

/** How long a read-only run waits for the chain to make blocks by itself. */
const IDLE_BLOCK_WAIT_MS = 20_000
/** Blocks a read-only window waits for: enough to see order, not so many the run drags. */
const WINDOW_BLOCKS = 3
/** The most blocks a read-only logs window waits for the filtered address to log again. */
const LOG_WINDOW_BLOCKS = 12
/** How long a notification of a block already made may take to arrive. */
const NOTIFY_WAIT_MS = 5_000
/** After eth_unsubscribe answered, how long a notification already in flight may still arrive. */
const GRACE_MS = 500
const POLL_MS = 200

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Records a live verdict on the probe. */
function record(probe: Probe, verdict: LiveVerdict): void {
  probe.add(verdict.findings)
  if (verdict.inconclusive !== null) probe.inconclusive(verdict.inconclusive)
}

/** The head number, or a finding when eth_blockNumber does not answer one. */
async function head(context: RunContext, probe: Probe): Promise<bigint | null> {
  const read = await readHead(context, 'so the subscription window cannot be bounded')
  if ('finding' in read) {
    probe.add([read.finding])
    return null
  }
  return BigInt(read.head)
}

/**
 * Whether the WebSocket the subscriptions live on was judged unusable (TransportHealth): their
 * notifications are over, so no wait for more is worth its time (the check is then not run, with
 * the evidence).
 */
function wsUnusable(context: RunContext): boolean {
  return context.health.ws.unusable !== undefined
}

/**
 * New blocks after `since`: in the full profile the run makes `count` of them (log-emitting
 * transactions from --private-key); in read-only it waits, bounded, for the chain to make them.
 */
async function newBlocks(context: RunContext, probe: Probe, since: bigint, count: number): Promise<void> {
  if (context.config.profile === 'full') {
    for (let i = 0; i < count; i++) if ((await sendLogEmittingTransaction(context, probe))?.receipt == null) return
    return
  }
  const deadline = Date.now() + IDLE_BLOCK_WAIT_MS
  while (Date.now() < deadline && !wsUnusable(context)) {
    const number = await chainHead(context)
    if (number !== null && BigInt(number) >= since + BigInt(count)) return
    await sleep(POLL_MS)
  }
}

/** Waits (bounded) until the subscription has notified a head numbered `number` or later. */
async function headNotified(context: RunContext, subscription: Subscription, number: bigint): Promise<void> {
  const deadline = Date.now() + NOTIFY_WAIT_MS
  const reached = (): boolean =>
    subscription.received.some((h) => {
      const n = (h as { number?: unknown } | null)?.number
      return typeof n === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(n) && BigInt(n) >= number
    })
  while (!reached() && Date.now() < deadline && !wsUnusable(context)) await sleep(POLL_MS / 2)
}

/**
 * Cancels each subscription, then (when `watch`) makes or awaits blocks and judges that nothing more
 * arrived under the ids. Without `watch` (a still chain: the windows were already inconclusive) only
 * the answers are judged, so a read-only run against a still node does not wait twice.
 */
async function cancel(context: RunContext, probe: Probe, subscriptions: readonly Subscription[], watch: boolean): Promise<void> {
  const answers = await Promise.all(subscriptions.map((s) => s.unsubscribe()))
  await sleep(GRACE_MS)
  const settled = subscriptions.map((s) => s.lateNotifications)
  const at = await head(context, probe)
  if (at === null) return
  if (watch) await newBlocks(context, probe, at, 2)
  await sleep(GRACE_MS)
  const after = watch ? await head(context, probe) : at
  for (const [index, subscription] of subscriptions.entries()) {
    const verdict = judgeUnsubscribe(
      { unsubscribe: answers[index]!, late: subscription.lateNotifications - settled[index]!, blocksAfter: after === null ? 0n : after - at },
      subscription.id ?? '',
    )
    if (watch) record(probe, verdict)
    else probe.add(verdict.findings)
  }
}

/**
 * RPC-SUBSCRIBE, newHeads, in either profile: subscribe, bound the window with eth_blockNumber, let
 * blocks come (made by the run in full, by the chain itself in read-only), judge the notifications
 * (judgeNewHeads), then unsubscribe and judge the silence (judgeUnsubscribe).
 */
export async function certifyNewHeads(probe: Probe, context: RunContext): Promise<void> {
  const ws = await context.openWs()
  const subscription = await ws.subscribe(['newHeads'])
  if (subscription.id === null) return probe.fail('eth_subscribe ["newHeads"] did not answer a subscription id', subscription.exchange)
  const subscribed = await head(context, probe)
  if (subscribed === null) return
  // Two blocks at least, in either profile: one alone does not show the order.
  await newBlocks(context, probe, subscribed, context.config.profile === 'full' ? 2 : WINDOW_BLOCKS)
  const settled = await head(context, probe)
  if (settled === null) return
  await headNotified(context, subscription, settled)
  const verdict = judgeNewHeads(subscription.received, { from: subscribed, to: settled }, subscription.id, subscription.exchange)
  record(probe, verdict)
  await cancel(context, probe, [subscription], settled > subscribed)
}

/** The address of the contract the next transaction from --private-key creates (it emits the log). */
async function nextContractAddress(context: RunContext, probe: Probe): Promise<string | null> {
  const key = context.config.privateKey!
  const nonce = outcomeOf(await context.http!.call('eth_getTransactionCount', [addressOf(key), 'pending']))
  if (nonce.kind !== 'result' || typeof nonce.value !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(nonce.value)) {
    probe.fail('eth_getTransactionCount did not answer a nonce')
    return null
  }
  // A contract's address depends on its creator and nonce only, so the chain id here is immaterial.
  return signLegacyTransaction({ chainId: 1n, nonce: BigInt(nonce.value), gasPrice: 1n, gasLimit: 1n, data: LOG_EMITTING_INIT_CODE }, key).contractAddress!
}

/** The address a notified log names (lowercase), or null where it names none. */
function logAddress(log: unknown): string | null {
  const address = (log as { address?: unknown } | null)?.address
  return typeof address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : null
}

/** The first log an every-log subscription notifies within the idle wait (read-only: the filter's address comes from the chain's own traffic). */
async function firstLogAddress(subscription: Subscription): Promise<string | null> {
  const next = await subscription.next(IDLE_BLOCK_WAIT_MS)
  const address = 'value' in next ? (next.value as { address?: unknown } | null)?.address : undefined
  return typeof address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : null
}

/**
 * RPC-SUBSCRIBE, logs, in either profile: one subscription to every log and one filtered by an
 * address (in full the contract the run's next transaction creates; in read-only the address of the
 * first log the chain makes). Blocks come (the run's two log-emitting transactions, from two
 * addresses, in full; the chain's own in read-only); then each subscription's notifications for the
 * window are judged against eth_getLogs of the same blocks (judgeLogNotifications), re-read once
 * after a wait before a missing log is called missing; then both are cancelled (judgeUnsubscribe).
 */
export async function certifyLogs(probe: Probe, context: RunContext): Promise<void> {
  const ws = await context.openWs()
  const all = await ws.subscribe(['logs', {}])
  if (all.id === null) return probe.fail('eth_subscribe ["logs", {}] did not answer a subscription id', all.exchange)
  const full = context.config.profile === 'full'
  const address = full ? await nextContractAddress(context, probe) : await firstLogAddress(all)
  if (address === null) {
    if (!full) probe.inconclusive(`no log was notified within ${IDLE_BLOCK_WAIT_MS / 1000} s (a read-only run makes none; the full profile does)`)
    return cancel(context, probe, [all], false)
  }
  const filtered = await ws.subscribe(['logs', { address }])
  if (filtered.id === null) return probe.fail(`eth_subscribe ["logs", {address: ${address}}] did not answer a subscription id`, filtered.exchange)
  const subscribed = await head(context, probe)
  if (subscribed === null) return
  // Full: the first transaction logs from `address`, the second from another contract the filter must leave out.
  await newBlocks(context, probe, subscribed, full ? 2 : WINDOW_BLOCKS)
  // Read-only: a busy chain's mix logs from one address only every few blocks (transfers of two
  // tokens in turn, ether, calls), so the window grows a block at a time, up to LOG_WINDOW_BLOCKS,
  // until it holds both a log the filter must let through and one it must leave out.
  const judgeable = (): boolean => filtered.received.length > 0 && all.received.some((log) => logAddress(log) !== null && logAddress(log) !== address)
  for (let waited = WINDOW_BLOCKS; !full && !judgeable() && waited < LOG_WINDOW_BLOCKS; waited += 1) await newBlocks(context, probe, subscribed, waited + 1)
  const settled = await head(context, probe)
  if (settled === null) return
  const window: HeadWindow = { from: subscribed, to: settled }
  const chainLogs = settled > subscribed ? await logsOf(context, probe, window) : []
  if (chainLogs === null) return
  const judge = (): LiveVerdict[] => [
    judgeLogNotifications(all.received, chainLogs, window, { id: all.id!, address: null, exchange: all.exchange }),
    judgeLogNotifications(filtered.received, chainLogs, window, { id: filtered.id!, address, exchange: filtered.exchange }),
  ]
  let verdicts = judge()
  if (verdicts.some((v) => v.findings.length > 0)) {
    await sleep(NOTIFY_WAIT_MS)
    verdicts = judge()
  }
  for (const verdict of verdicts) record(probe, verdict)
  await cancel(context, probe, [all, filtered], settled > subscribed)
}

/** Every log of the window's blocks, by eth_getLogs (the chain's own account the notifications are judged against). */
async function logsOf(context: RunContext, probe: Probe, window: HeadWindow): Promise<unknown[] | null> {
  const exchange = await context.http!.call('eth_getLogs', [{ fromBlock: `0x${(window.from + 1n).toString(16)}`, toBlock: `0x${window.to.toString(16)}` }])
  const answer = outcomeOf(exchange)
  if (answer.kind !== 'result' || !Array.isArray(answer.value)) {
    probe.fail(
      `eth_getLogs of blocks ${window.from + 1n} to ${window.to} did not answer an array of logs, so the notifications cannot be checked against the chain`,
      exchange,
    )
    return null
  }
  return answer.value
}
