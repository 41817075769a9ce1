import { defineSuite } from '../harness/run/registry.js'
import type { Probe } from '../harness/run/certify.js'
import type { RunContext } from '../harness/run/runContext.js'
import { unsolicitedFindings } from '../harness/checks/unsolicitedFindings.js'

// Both checks are `last`: they start once every other check of the run has ended, and judge the
// frames that arrived unasked on every WebSocket connection of the run, the other checks' included.

/**
 * Makes sure the run has used the WebSocket at least once (a run selecting only these checks), then
 * lets frames in flight arrive. Resolves to a note when eth_chainId got no answer, null otherwise.
 */
async function touchWebSocket(context: RunContext): Promise<string | null> {
  const ws = await context.ws()
  if (ws === null) return null
  const exchange = await ws.call('eth_chainId')
  await new Promise((resolve) => setTimeout(resolve, 200))
  return exchange.failure !== undefined && exchange.failure.code !== 'L2CONF_ERR_UNUSABLE'
    ? `eth_chainId over WebSocket got no answer: ${exchange.failure.message}`
    : null
}

export default defineSuite('unsolicited', (check) => {
  // The WebSocket is touched once per run for both checks of this suite (they judge the same
  // connections at the same moment).
  let settled: Promise<string | null> | undefined
  async function settle(probe: Probe, context: RunContext): Promise<void> {
    settled ??= touchWebSocket(context)
    const note = await settled
    if (note !== null) probe.note(note)
  }

  // RPC-WS / RPC-SUBSCRIBE: nothing arrives that was not asked for
  check(
    { id: 'ws.unsolicited-responses', requirement: 'RPC-WS', title: 'no response arrives for an id the harness never sent (JSON-RPC 2.0 section 5)' },
    { ws: true },
    async (probe, context) => {
      await settle(probe, context)
      probe.add(unsolicitedFindings(context.health.unsolicited.responses, 'response(s) to ids no request carried arrived'))
    },
    { last: true },
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
    { last: true },
  )
})
