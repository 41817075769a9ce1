import { defineSuite } from '../harness/run/registry.js'
import { checkIsError, UNKNOWN_SUBSCRIPTION } from '../harness/requirements/RPC-ERRORS.js'
import { certifyLogs, certifyNewHeads } from '../harness/scenarios/liveSubscriptions.js'
import { whenDescribed } from './support/whenDescribed.js'

export default defineSuite('subscribe', (declare, scope) => {
  // A spec that does not describe the subscription methods declares no check of them.
  const check = whenDescribed(declare, scope, ['eth_subscribe', 'eth_unsubscribe'])

  // RPC-SUBSCRIBE: eth_subscribe notifies; eth_unsubscribe cancels
  check(
    {
      id: 'subscribe.newHeads',
      requirement: 'RPC-SUBSCRIBE',
      title: 'newHeads notifies every new block, in order, under the id eth_subscribe answered; after eth_unsubscribe (true) the notifications stop',
    },
    { ws: true },
    certifyNewHeads,
    { waits: true, sends: true },
  )
  check(
    {
      id: 'subscribe.logs',
      requirement: 'RPC-SUBSCRIBE',
      title: 'logs notifies every new log matching its filter (none, or an address) and no other; after eth_unsubscribe (true) the notifications stop',
    },
    { ws: true },
    certifyLogs,
    { waits: true, sends: true },
  )
  whenDescribed(declare, scope, ['eth_subscribe'])(
    { id: 'errors.unknown-subscription', requirement: 'RPC-ERRORS', title: 'eth_subscribe of an unknown kind is an error' },
    { ws: true },
    async (probe, context) => {
      const ws = await context.ws()
      if (ws === null) return
      probe.add(checkIsError(await ws.call('eth_subscribe', [UNKNOWN_SUBSCRIPTION]), `eth_subscribe ["${UNKNOWN_SUBSCRIPTION}"]`))
    },
  )
})
