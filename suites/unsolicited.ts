import { defineSuite } from '../harness/run/registry.js'
import { unsolicitedFindings } from '../harness/checks/unsolicitedFindings.js'
import { settledWebSocket } from '../harness/scenarios/settledWebSocket.js'

export default defineSuite('unsolicited', (check) => {
  // RPC-WS: nothing arrives that was not asked for (harness/scenarios/settledWebSocket.ts)
  check(
    { id: 'ws.unsolicited-responses', requirement: 'RPC-WS', title: 'no response arrives for an id the harness never sent (JSON-RPC 2.0 section 5)' },
    { ws: true },
    async (probe, context) => {
      await settledWebSocket(probe, context)
      probe.add(unsolicitedFindings(context.health.unsolicited.responses, 'response(s) to ids no request carried arrived'))
    },
    { last: true },
  )
})
