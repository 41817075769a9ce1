import { isHarnessError } from '../errors/harnessError.js'
import type { HttpTransport } from '../transport/httpTransport.js'
import type { TransportOptions } from '../transport/transportOptions.js'
import { WsTransport } from '../transport/wsTransport.js'
import { abortableSleep } from './abortableSleep.js'
import { backoffMs } from './backoff.js'
import { announcedHead, headSequence, judgeHead } from './headSequence.js'
import type { LoopClock } from './loopClock.js'
import { readBack } from './readBack.js'
import type { WatchSink } from './watchSink.js'

/** Read-backs of announced blocks in flight per target at most: a burst of heads never piles up requests. */
export const READ_BACKS_IN_FLIGHT = 8

/** What the follower needs of its target. */
export interface FollowerSettings {
  target: string
  ws: string
  http: HttpTransport
  options: TransportOptions
  /** No notification for this long is a stall (--stall). */
  stallMs: number
  /** The HTTP head the poller saw last, to tell notifications that stopped from a chain that stopped. */
  httpHead: () => number | null
  /** This process's own busy time, left out of a silence. */
  clock: LoopClock
}

/**
 * Follows `newHeads` on one target until `signal` aborts (interface document, section 6): every
 * notification judged against those before it (gaps, duplicates, a head that goes back), the block
 * read back over HTTP, a silence longer than --stall said once (notifications that stopped while the
 * HTTP head moves on break RPC-SUBSCRIBE; a chain that stopped altogether is a stall), a lost
 * connection or subscription downtime, reconnected with back-off and judged afresh. Never throws.
 */
export async function followNewHeads(settings: FollowerSettings, sink: WatchSink, signal: AbortSignal): Promise<void> {
  const { target } = settings
  let attempt = 0
  const readBacks = new Set<Promise<void>>()
  while (!signal.aborted) {
    let ws: WsTransport
    try {
      ws = await WsTransport.connect(settings.ws, settings.options)
    } catch (error) {
      if (!isHarnessError(error)) throw error
      sink.unreachable(target, 'ws', error.message)
      await abortableSleep(backoffMs(attempt++), signal)
      continue
    }
    const stopOnAbort = (): void => void ws.close(0)
    signal.addEventListener('abort', stopOnAbort, { once: true })
    try {
      const heads = await ws.subscribe(['newHeads'])
      if (heads.id === null) {
        sink.unreachable(
          target,
          'ws',
          `eth_subscribe newHeads was not answered with a subscription id: ${heads.exchange.failure?.message ?? JSON.stringify(heads.exchange.response)}`,
        )
        await abortableSleep(backoffMs(attempt++), signal)
        continue
      }
      sink.reached(target, 'ws')
      attempt = 0
      // A new subscription starts a new sequence: blocks made while it was down are no gap of it.
      const sequence = headSequence()
      let stalledSince: number | null = null
      let lastAt = Date.now()
      let blockedAt = settings.clock.blockedMs()
      for (;;) {
        // The silence so far, less the time this process itself was too busy to hear a notification.
        const silentMs = Date.now() - lastAt - (settings.clock.blockedMs() - blockedAt)
        const next = await heads.next(stalledSince === null ? Math.max(1, settings.stallMs - silentMs) : settings.stallMs)
        if (signal.aborted) return
        if ('closed' in next) {
          sink.unreachable(target, 'ws', 'the WebSocket connection closed')
          break
        }
        if ('timedOut' in next) {
          if (stalledSince !== null || Date.now() - lastAt - (settings.clock.blockedMs() - blockedAt) < settings.stallMs) continue
          stalledSince = lastAt
          const httpHead = settings.httpHead()
          const wsHead = sequence.last?.number ?? null
          const silentS = Math.round((Date.now() - lastAt) / 1000)
          sink.stalled(target)
          if (httpHead !== null && wsHead !== null && httpHead > wsHead)
            sink.violation({
              target,
              requirement: 'RPC-SUBSCRIBE',
              source: 'newheads',
              check: 'newheads.stopped',
              message: `no newHeads notification for ${silentS} s (--stall ${settings.stallMs / 1000}) while the HTTP head moved on from ${wsHead} to ${httpHead}: the subscription stopped notifying`,
              exchange: heads.exchange,
            })
          else
            sink.event({
              kind: 'stall',
              target,
              source: 'newheads',
              startedAt: new Date(lastAt).toISOString(),
              message: `no new block for ${silentS} s (--stall ${settings.stallMs / 1000}), over WebSocket or HTTP (head ${httpHead ?? wsHead ?? 'unknown'}): the chain is not moving`,
            })
          continue
        }
        const at = Date.now()
        if (stalledSince !== null) {
          sink.event({
            kind: 'stall-end',
            target,
            source: 'newheads',
            startedAt: new Date(stalledSince).toISOString(),
            endedAt: new Date(at).toISOString(),
            durationS: (at - stalledSince) / 1000,
            message: `newHeads notified again after ${Math.round((at - stalledSince) / 1000)} s`,
          })
          stalledSince = null
        }
        lastAt = at
        blockedAt = settings.clock.blockedMs()
        const faults = judgeHead(sequence, next.value)
        // The evidence of a notification: the eth_subscribe that opened it, answered by the frame that broke the rule.
        const notified = { ...heads.exchange, response: { jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: heads.id, result: next.value } } }
        let gaps = 0
        for (const fault of faults) {
          gaps += fault.missed ?? 0
          sink.violation({ target, requirement: fault.requirement, source: 'newheads', check: fault.rule, message: fault.message, exchange: notified })
        }
        sink.newHead(target, {
          gaps,
          duplicates: faults.some((f) => f.rule === 'newheads.duplicate') ? 1 : 0,
          back: faults.some((f) => f.rule === 'newheads.back'),
        })
        const head = announcedHead(next.value)
        if (head === null || faults.some((f) => f.rule === 'newheads.duplicate')) continue
        sink.head(target, 'ws', head.number)
        sink.announced(target, head.number, head.hash, at)
        if (readBacks.size >= READ_BACKS_IN_FLIGHT) continue
        const reading = readBack(target, settings.http, head, at, sink, signal).finally(() => readBacks.delete(reading))
        readBacks.add(reading)
      }
    } finally {
      signal.removeEventListener('abort', stopOnAbort)
      await ws.close(0)
    }
    await abortableSleep(backoffMs(attempt++), signal)
  }
  await Promise.all(readBacks)
}
