import { requirement } from './requirement.js'
import { unsolicitedFindings } from '../checks/unsolicitedFindings.js'
import type { CheckDefinition } from '../run/registry.js'
import { certifyLogs, certifyNewHeads } from '../scenarios/liveSubscriptions.js'
import { settledWebSocket } from '../scenarios/settledWebSocket.js'

/** RPC-SUBSCRIBE: subscriptions over WebSocket notify, and stop once cancelled. */
export const row = requirement({
  id: 'RPC-SUBSCRIBE',
  level: 'MUST',
  text: 'eth_subscribe (newHeads at least) notifies; eth_unsubscribe cancels and notifications stop',
  section: '6',
})

// The judges, each a pure function of the notifications and the blocks the chain made meanwhile
// (a moving head: no block made is inconclusive, never a pass). The scenario that collects them, and
// how long it waits, is harness/scenarios/liveSubscriptions.ts.
export { judgeNewHeads } from './RPC-SUBSCRIBE.newHeads.js'
export { judgeLogNotifications } from './RPC-SUBSCRIBE.logs.js'
export { judgeUnsubscribe } from './RPC-SUBSCRIBE.unsubscribe.js'
export type { HeadWindow, LiveVerdict } from '../checks/liveVerdict.js'

/** RPC-SUBSCRIBE's checks: eth_subscribe notifies, eth_unsubscribe cancels (a spec that does not describe both declares neither); and nothing arrives for a subscription never opened. */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'subscribe.newHeads',
      title: 'newHeads notifies every new block, in order, under the id eth_subscribe answered; after eth_unsubscribe (true) the notifications stop',
      calls: ['eth_subscribe', 'eth_unsubscribe'],
      needs: { ws: true },
      waits: true,
      sends: true,
      run: certifyNewHeads,
    },
    {
      id: 'subscribe.logs',
      title: 'logs notifies every new log matching its filter (none, or an address) and no other; after eth_unsubscribe (true) the notifications stop',
      calls: ['eth_subscribe', 'eth_unsubscribe'],
      needs: { ws: true },
      waits: true,
      sends: true,
      run: certifyLogs,
    },
    {
      id: 'subscribe.unsolicited-notifications',
      title: 'no eth_subscription notification arrives for a subscription never opened on the connection, or already cancelled',
      needs: { ws: true },
      last: true,
      run: async (probe, context) => {
        await settledWebSocket(probe, context)
        probe.add(unsolicitedFindings(context.health.unsolicited.notifications, 'notification(s) for subscriptions never opened (or cancelled) arrived'))
      },
    },
  ]
}
