import type { Finding } from '../checks/finding.js'
import { NOTIFY_WAIT_MS, POLL_MS, WATCH_HEADS, WATCH_WAIT_MS } from './clientBounds.js'
import type { Probe } from '../run/certify.js'
import type { RunContext } from '../run/runContext.js'
import { responseOutcome } from '../transport/jsonRpcResponse.js'
import type { LibraryName, WatchAdapter } from './adapter.js'
import { bounded, thrownText } from './bounded.js'
import { chainSample, sendNothing } from './chainSample.js'
import { answersIn } from './httpBridge.js'
import { judgeObject, strictValue } from './judgeReading.js'
import { OPERATIONS, openWatcher } from './libraries.js'
import { notePinned } from './operations.js'
import { showValue, type Reading } from './reading.js'
import { WsBridge } from './wsBridge.js'

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** One head a library reported, with when. */
interface SeenHead {
  head: Reading
  at: number
}

/** The numbers read from the heads, in the order reported (null where a head has none the suite can read). */
function numbers(heads: readonly SeenHead[]): Array<bigint | null> {
  return heads.map(({ head }) => (typeof head.number === 'bigint' ? head.number : null))
}

/** Whether `list` holds `count` numbers in a row, each one more than the one before. */
export function consecutive(list: ReadonlyArray<bigint | null>, count: number): boolean {
  let run = 1
  for (let i = 1; i < list.length; i++) {
    const previous = list[i - 1]
    const current = list[i]
    run = previous !== null && previous !== undefined && current !== null && current !== undefined && current === previous + 1n ? run + 1 : 1
    if (run >= count) return true
  }
  return count <= 1 && list.length > 0
}

/**
 * A library's block watcher over the run's WebSocket, as a check runs it: the library subscribes
 * (through a connection of the check's own), the chain moves (the full profile makes blocks from the
 * run's key; read-only waits, bounded, for blocks the chain makes), and the heads the library reports
 * must include WATCH_HEADS consecutive ones, each reading as the node notified it (viem also reads
 * each block by number: those answers are judged as blocks). A chain that notified fewer leaves the
 * check inconclusive, never passed.
 */
export async function runWatch(probe: Probe, context: RunContext, library: LibraryName): Promise<void> {
  const sample = await chainSample(context, { mayWrite: false })
  if ('problem' in sample) return probe.inconclusive(`the suite could not read the chain: ${sample.problem}`, sample.exchange)
  const label = `${library} ${OPERATIONS.find((op) => op.id === 'watch-blocks')!.calls[library]}`
  const bound = context.config.timeoutMs * 2 + 1000
  let bridge: WsBridge | undefined
  let watcher: WatchAdapter | undefined
  let stop: (() => Promise<void>) | undefined
  const heads: SeenHead[] = []
  const errors: unknown[] = []
  try {
    bridge = new WsBridge(await context.openWs())
    const settings = { timeoutMs: context.config.timeoutMs, chainId: sample.chainId, pollingIntervalMs: POLL_MS }
    watcher = await openWatcher(library, bridge, settings)
    notePinned(probe, library, watcher.version)
    const started = await bounded(bound, () =>
      watcher!.watch(
        (head) => heads.push({ head, at: Date.now() }),
        (error) => errors.push(error),
      ),
    )
    if ('timedOut' in started) return probe.fail(`${label} did not start watching within ${bound} ms`, bridge.exchanges.at(-1), undefined, 'no-answer')
    if ('error' in started)
      return probe.fail(`${label} threw when it started watching: ${thrownText(started.error)}`, bridge.exchanges.at(-1), undefined, 'wrong-value')
    stop = started.value
    const subscribed = bridge.exchanges.find((exchange) => answersIn(exchange, 'eth_subscribe').length > 0)
    const answer = subscribed === undefined ? undefined : responseOutcome(subscribed.response)
    if (answer !== undefined && answer.kind !== 'result')
      return probe.inconclusive(
        `eth_subscribe newHeads was not answered with an id (${answer.kind === 'error' ? `error ${showValue(answer.code)}` : answer.reason}): RPC-SUBSCRIBE judges it`,
        subscribed,
      )
    await moveChain(probe, context, sample.chainId, bridge, heads)
  } finally {
    await stop?.().catch(() => undefined)
    await watcher?.close().catch(() => undefined)
    await bridge?.close().catch(() => undefined)
  }
  judgeHeads(probe, label, library, bridge, heads, errors)
}

/** Full profile: makes WATCH_HEADS blocks from the run's key. Read-only: waits (bounded) for the chain to make them. Either way, then lets the notifications reach the library. */
async function moveChain(probe: Probe, context: RunContext, chainId: bigint, bridge: WsBridge, heads: readonly SeenHead[]): Promise<void> {
  const enough = (): boolean => consecutive(numbers(heads), WATCH_HEADS)
  if (context.config.profile === 'full' && context.config.privateKey !== null) {
    for (let i = 0; i < WATCH_HEADS; i++) {
      const sent = await sendNothing(context, chainId)
      if ('problem' in sent) return probe.inconclusive(`the blocks the watcher should see could not be made: ${sent.problem}`, sent.exchange)
    }
    const deadline = Date.now() + NOTIFY_WAIT_MS
    while (!enough() && Date.now() < deadline && context.health.ws.unusable === undefined) await sleep(POLL_MS / 2)
    return
  }
  const deadline = Date.now() + WATCH_WAIT_MS
  while (!enough() && Date.now() < deadline && context.health.ws.unusable === undefined) await sleep(POLL_MS)
  // Heads the node notified last may still be on their way to the library's handler (viem reads each block first).
  if (!enough() && consecutive(notifiedNumbers(bridge), WATCH_HEADS)) {
    const grace = Date.now() + NOTIFY_WAIT_MS
    while (!enough() && Date.now() < grace) await sleep(POLL_MS / 2)
  }
}

/** The numbers of the heads the node notified for the library's subscriptions, strictly read (null where not a quantity). */
function notifiedNumbers(bridge: WsBridge): Array<bigint | null> {
  return bridge.notifications.map(({ result }) => {
    const read = strictValue('quantity', (result as { number?: unknown } | null)?.number)
    return 'value' in read ? (read.value as bigint) : null
  })
}

function judgeHeads(
  probe: Probe,
  label: string,
  library: LibraryName,
  bridge: WsBridge | undefined,
  heads: readonly SeenHead[],
  errors: readonly unknown[],
): void {
  if (bridge === undefined) return
  const notified = bridge.notifications
  const findings: Finding[] = []
  // Each notified head strictly read; each head the library reported, against the node's.
  for (const { result } of notified) {
    const number = strictValue('quantity', (result as { number?: unknown } | null)?.number)
    if ('problem' in number)
      findings.push({
        kind: 'schema-violation',
        message: `${label}: the node notified a head whose number ${number.problem}`,
        pointer: '/params/result/number',
        expected: 'a hex quantity',
        got: showValue((result as { number?: unknown } | null)?.number),
      })
  }
  const byNumber = new Map<bigint, Record<string, unknown>>()
  for (const { result } of notified) {
    const number = strictValue('quantity', (result as { number?: unknown } | null)?.number)
    if ('value' in number && result !== null && typeof result === 'object') byNumber.set(number.value as bigint, result as Record<string, unknown>)
  }
  for (const { head } of heads) {
    if (typeof head.number !== 'bigint') {
      findings.push({
        kind: 'wrong-value',
        message: `${label} reported a head without a number the suite can read: ${showValue(head)}`,
        expected: 'a head with its number',
        got: showValue(head),
      })
      continue
    }
    const raw = byNumber.get(head.number)
    if (raw === undefined) {
      findings.push({
        kind: 'wrong-value',
        message: `${label} reported head ${head.number}, which the node never notified (it notified ${[...byNumber.keys()].join(', ') || 'none'})`,
        expected: 'a notified head',
        got: String(head.number),
      })
      continue
    }
    // The head's own fields as the node notified them (a notification carries no transactions).
    const { transactions: _transactions, ...fields } = head
    if (library !== 'viem') findings.push(...judgeObject('block', raw, fields, { label, pointer: '/params/result' }))
  }
  if (library === 'viem') {
    // viem reads each notified head's block by number: those answers, judged as blocks.
    for (const exchange of bridge.exchanges) {
      for (const answer of answersIn(exchange, 'eth_getBlockByNumber')) {
        const raw = responseOutcome(answer.response)
        const number = raw.kind === 'result' ? strictValue('quantity', (raw.value as { number?: unknown } | null)?.number) : null
        const read = number !== null && 'value' in number ? heads.find(({ head }) => head.number === number.value)?.head : undefined
        if (raw.kind === 'result' && read !== undefined) findings.push(...judgeObject('block', raw.value, read, { label, exchange, pointer: '/result' }))
      }
    }
  }
  const last = bridge.exchanges.at(-1)
  for (const error of errors.slice(0, 3))
    findings.push({
      kind: 'wrong-value',
      message: `${label} reported an error while watching: ${thrownText(error)}`,
      ...(last === undefined ? {} : { exchange: last }),
    })
  probe.add(findings)
  const seen = numbers(heads)
  if (consecutive(seen, WATCH_HEADS)) return probe.note(`${label} reported heads ${seen.map((n) => (n === null ? '?' : String(n))).join(', ')}`)
  const notifiedList = notifiedNumbers(bridge)
  if (consecutive(notifiedList, WATCH_HEADS)) {
    return probe.fail(
      `the node notified heads ${notifiedList.join(', ')}, ${label} reported ${seen.length === 0 ? 'none' : seen.join(', ')}: not ${WATCH_HEADS} consecutive`,
      bridge.exchanges.at(-1),
      undefined,
      'missing-notification',
    )
  }
  probe.inconclusive(
    `the node notified ${notifiedList.length === 0 ? 'no head' : `heads ${notifiedList.join(', ')}`} while the library watched (${Math.round(WATCH_WAIT_MS / 1000)} s at most on a chain that makes blocks by itself): not ${WATCH_HEADS} consecutive to judge`,
  )
}
