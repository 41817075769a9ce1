import { LIBRARIES, OPERATIONS, clientCheckId } from '../harness/clients/libraries.js'
import { operationMaySend, runOperation } from '../harness/clients/operations.js'
import { runWatch } from '../harness/clients/watchOperation.js'
import { defineSuite } from '../harness/run/registry.js'

/**
 * CLIENT-COMPAT: each pinned client library (viem 2, ethers 6, web3.js 4) on each operation, a check
 * of its own (`client.<library>.<operation>`), so the report holds a library x operation matrix. The
 * libraries are loaded inside the bodies (harness/clients/libraries.ts): declaring, listing or a run
 * that skips CLIENT-COMPAT never loads them.
 */
export default defineSuite('clientCompat', (check) => {
  for (const library of LIBRARIES) {
    for (const operation of OPERATIONS) {
      const spec = {
        id: clientCheckId(library.name, operation.id),
        requirement: 'CLIENT-COMPAT' as const,
        title: `${library.title} ${operation.calls[library.name]}: ${operation.what}`,
      }
      if (operation.transport === 'ws') {
        // It waits for heads; in the full profile it makes them from the run's key.
        check(spec, { ws: true }, (probe, context) => runWatch(probe, context, library.name), { waits: true, sends: true })
      } else if (operation.id === 'send-transaction') {
        check(spec, { full: true }, (probe, context) => runOperation(probe, context, library.name, operation.id), { waits: true, sends: true })
      } else if (operationMaySend(operation.id)) {
        // In the full profile, on a chain without a transaction or a token, the first of these makes what is missing.
        check(spec, {}, (probe, context) => runOperation(probe, context, library.name, operation.id), { waits: true, sends: true })
      } else {
        check(spec, {}, (probe, context) => runOperation(probe, context, library.name, operation.id))
      }
    }
  }
})
