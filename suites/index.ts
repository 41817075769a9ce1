import type { Suite } from '../harness/run/registry.js'
import subscribe from './subscribe.js'
import agreement from './agreement.js'
import blockParams from './blockParams.js'
import blocked from './blocked.js'
import envelopeIds from './envelopeIds.js'
import history from './history.js'
import jsonrpc from './jsonrpc.js'
import limits from './limits.js'
import methods from './methods.js'
import range from './range.js'
import specErrors from './specErrors.js'
import wsParity from './wsParity.js'
import unsolicited from './unsolicited.js'

/** Every conformance suite, in the order their checks are declared (the report orders results by the requirement table). */
export const suites: readonly Suite[] = [
  subscribe,
  agreement,
  blockParams,
  blocked,
  envelopeIds,
  history,
  jsonrpc,
  limits,
  methods,
  range,
  specErrors,
  wsParity,
  unsolicited,
]
