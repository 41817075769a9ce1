import { describe } from 'vitest'
import { checkIsError } from '../harness/checks/outcomeFindings.js'
import { check } from '../harness/run/check.js'
import { certifyLogs, certifyNewHeads } from './support/liveSubscriptions.js'

describe('RPC-SUBSCRIBE: eth_subscribe notifies; eth_unsubscribe cancels', () => {
  check(
    { id: 'subscribe.newHeads', requirement: 'RPC-SUBSCRIBE', level: 'MUST', title: 'newHeads notifies every new block, in order, under the id eth_subscribe answered; after eth_unsubscribe (true) the notifications stop' },
    { ws: true },
    certifyNewHeads,
  )
  check(
    { id: 'subscribe.logs', requirement: 'RPC-SUBSCRIBE', level: 'MUST', title: 'logs notifies every new log matching its filter (none, or an address) and no other; after eth_unsubscribe (true) the notifications stop' },
    { ws: true },
    certifyLogs,
  )
  check(
    { id: 'errors.unknown-subscription', requirement: 'RPC-ERRORS', level: 'SHOULD', title: 'eth_subscribe of an unknown kind is an error' },
    { ws: true },
    async (probe, context) => {
      const ws = await context.ws()
      if (ws === null) return
      probe.add(checkIsError(await ws.call('eth_subscribe', ['l2confNoSuchEvent']), 'eth_subscribe ["l2confNoSuchEvent"]'))
    },
  )
})
