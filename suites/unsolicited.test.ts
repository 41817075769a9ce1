import { describe } from 'vitest'
import { check } from '../harness/run/check.js'
import type { Probe } from '../harness/run/certify.js'
import type { RunContext } from '../harness/run/runContext.js'
import { unsolicitedFindings } from '../harness/checks/unsolicitedFindings.js'

// This file runs after every other suite file (harness/run/lastSuiteSequencer.ts): it judges the
// frames that arrived unasked on every WebSocket connection of the run, the other checks' included.

/** Makes sure the run has used the WebSocket at least once (a run selecting only these checks), then lets frames in flight arrive. */
async function touchWebSocket(probe: Probe, context: RunContext): Promise<void> {
  const ws = await context.ws()
  if (ws === null) return
  const exchange = await ws.call('eth_chainId')
  if (exchange.failure !== undefined && exchange.failure.code !== 'L2CONF_ERR_UNUSABLE') probe.note(`eth_chainId over WebSocket got no answer: ${exchange.failure.message}`)
  await new Promise((resolve) => setTimeout(resolve, 200))
}

describe('RPC-WS / RPC-SUBSCRIBE: nothing arrives that was not asked for', () => {
  check(
    { id: 'ws.unsolicited-responses', requirement: 'RPC-WS', title: 'no response arrives for an id the harness never sent (JSON-RPC 2.0 section 5)' },
    { ws: true },
    async (probe, context) => {
      await touchWebSocket(probe, context)
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
      await touchWebSocket(probe, context)
      probe.add(unsolicitedFindings(context.health.unsolicited.notifications, 'notification(s) for subscriptions never opened (or cancelled) arrived'))
    },
  )
})
