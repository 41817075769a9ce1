import { checkNotEvaluated } from '../harness/checks/checkNotEvaluated.js'
import { checkIsError } from '../harness/checks/outcomeFindings.js'
import { checkSpecError } from '../harness/checks/specErrorFindings.js'
import { outcomeOf } from '../harness/checks/outcomeOf.js'
import { defineSuite } from '../harness/run/registry.js'
import { deselectionReason } from '../harness/run/selection.js'
import { exampleErrors } from '../harness/spec/specErrors.js'
import { mutatesState, refusedBySpec } from '../harness/scenarios/methodKinds.js'
import { valueFree } from '../harness/requirements/BLOCKED-SENDTX.js'
import { blockedRequirement } from '../harness/requirements/methodRequirement.js'

/** Request objects whose `jsonrpc` member is not exactly "2.0" (JSON-RPC 2.0 section 4: it MUST be exactly "2.0"). */
const WRONG_VERSIONS: Array<[string, Record<string, unknown>]> = [
  ['no "jsonrpc" member', { method: 'eth_chainId', params: [], id: 1 }],
  ['"jsonrpc": "1.0"', { jsonrpc: '1.0', method: 'eth_chainId', params: [], id: 2 }],
  ['"jsonrpc": 2 (a number)', { jsonrpc: 2, method: 'eth_chainId', params: [], id: 3 }],
]

export default defineSuite('specErrors', (check, { openrpc }) => {
  // RPC-ERRORS: a request that is not JSON-RPC 2.0 is an invalid request
  check(
    {
      id: 'errors.jsonrpc-version',
      requirement: 'RPC-ERRORS',
      title: 'a request whose "jsonrpc" is absent, "1.0" or 2 is answered -32600, not as a valid call',
    },
    {},
    async (probe, context) => {
      const exchanges = await Promise.all(WRONG_VERSIONS.map(([, body]) => context.http!.send(body)))
      exchanges.forEach((exchange, i) => probe.add(checkIsError(exchange, `a request with ${WRONG_VERSIONS[i]![0]}`, [-32600])))
    },
  )

  /**
   * RPC-ERRORS for every method whose examples name the error they answer (`x-error`): the spec is
   * data. Only refusals are judged: a call answered with a result fails its own requirement (BLOCKED-*).
   */
  // RPC-ERRORS: the error codes openrpc.json names
  for (const method of openrpc.methods) {
    const named = exampleErrors(openrpc, method.name)
    // A method that changes state is sent its blocked form, value-free (read-only runs send it too),
    // when the spec blocks it; otherwise only the examples whose params the spec itself refuses: a
    // node that answers them with a result instead of the named error would have executed them.
    const changesState = mutatesState(openrpc, method)
    const safe = changesState && method.blocked !== undefined
    const examples = changesState && !safe ? named.filter((e) => refusedBySpec(method, e.params)) : named
    if (examples.length === 0) continue
    check(
      {
        id: `errors.spec.${method.name}`,
        requirement: 'RPC-ERRORS',
        title: `${method.name}: each example answers the error openrpc.json names (${[...new Set(examples.map((e) => e.error.code))].join(', ')}), with its data`,
      },
      {},
      async (probe, context) => {
        // --skip BLOCKED-SENDTX (or the method's blocked checks) says: never call it; that holds here too.
        const leftOut = safe
          ? deselectionReason({ ...context.config, only: [] }, { id: `blocked.${method.name}`, requirement: blockedRequirement(method.name, undefined) })
          : null
        if (leftOut !== null) return probe.inconclusive(`${method.name} changes state when it is not blocked, and the run leaves its calls out (${leftOut})`)
        const exchanges = await Promise.all(examples.map((e) => context.http!.call(method.name, safe ? valueFree(e.params) : e.params)))
        let refusals = 0
        examples.forEach((e, i) => {
          const what = `${method.name} (example "${e.example}")`
          // Refused for its price or funds: the node weighed the transaction, so the method is not blocked (BLOCKED-SENDTX's finding, not a code to judge).
          if (safe && checkNotEvaluated(exchanges[i]!, what).length > 0)
            return probe.note(`${what} was refused as a transaction the node weighed; its blocked requirement judges that`)
          if (outcomeOf(exchanges[i]!).kind === 'error') refusals++
          probe.add(checkSpecError(exchanges[i]!, what, e.error))
        })
        // Not one example was refused (answered with a result, or not at all): no error code was judged, so this is no pass.
        if (refusals === 0)
          probe.inconclusive(
            `no example of ${method.name} was answered with an error, so no error code was judged (whether it must be refused is ${method.name === 'eth_getAccounts' ? 'BLOCKED-ACCOUNTS' : 'its blocked requirement'}'s question)`,
          )
      },
    )
  }
})
