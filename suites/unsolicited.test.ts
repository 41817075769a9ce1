import { describe } from 'vitest'
import { check } from '../harness/run/check.js'
import type { Probe } from '../harness/run/certify.js'
import type { RunContext } from '../harness/run/runContext.js'
import { unsolicitedFindings } from '../harness/checks/unsolicitedFindings.js'

// This file runs after every other suite file (harness/run/suiteOrderSequencer.ts): it judges the
// frames that arrived unasked on every WebSocket connection of the run, the other checks' included.

/**
 * Makes sure the run has used the WebSocket at least once (a run selecting only these checks), then
 * lets frames in flight arrive: once for both checks of this file (they judge the same connections at
 * the same moment). Resolves to a note when eth_chainId got no answer, null otherwise.
 */
let settled: Promise<string | null> | undefined
function touchWebSocket(context: RunContext): Promise<string | null> {
  settled ??= (async () => {
    const ws = await context.ws()
    if (ws === null) return null
    const exchange = await ws.call('eth_chainId')
    await new Promise((resolve) => setTimeout(resolve, 200))
    return exchange.failure !== undefined && exchange.failure.code !== 'L2CONF_ERR_UNUSABLE' ? `eth_chainId over WebSocket got no answer: ${exchange.failure.message}` : null
  })()
  return settled
}

async function settle(probe: Probe, context: RunContext): Promise<void> {
  const note = await touchWebSocket(context)
  if (note !== null) probe.note(note)
}

describe('RPC-WS / RPC-SUBSCRIBE: nothing arrives that was not asked for', () => {
  check(
    { id: 'ws.unsolicited-responses', requirement: 'RPC-WS', title: 'no response arrives for an id the harness never sent (JSON-RPC 2.0 section 5)' },
    { ws: true },
    async (probe, context) => {
      await settle(probe, context)
      probe.add(unsolicitedFindings(context.health.unsolicited.responses, 'response(s) to ids no request carried arrived'))
    },
  )

  check(
    {
      id: 'subscribe.unsolicited-notifications',
      requirement: 'RPC-SUBSCRIBE',
      title: 'no eth_subscription notification arrives for a subscription never opened on the connection, or already cancelled',
    },
    { ws: true },
    async (probe, context) => {
      await settle(probe, context)
      probe.add(unsolicitedFindings(context.health.unsolicited.notifications, 'notification(s) for subscriptions never opened (or cancelled) arrived'))
    },
  )
})
