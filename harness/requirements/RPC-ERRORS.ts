import { requirement } from './requirement.js'
import { checkNotEvaluated } from '../checks/checkNotEvaluated.js'
import { checkIsError } from '../checks/outcomeFindings.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import { checkSpecError } from '../checks/specErrorFindings.js'
import type { CheckDefinition, DeclarationScope } from '../run/registry.js'
import { deselectionReason } from '../run/selection.js'
import { mutatesState, refusedBySpec } from '../scenarios/methodKinds.js'
import { rpcHttp } from '../scenarios/rpcHttp.js'
import { exampleErrors } from '../spec/specErrors.js'
import { valueFree } from './BLOCKED-SENDTX.js'
import { blockedRequirement } from './methodRequirement.js'
import { UNKNOWN_METHOD } from './RPC-ENVELOPE.js'
import { boundedJson } from '../checks/boundedJson.js'
import { seededFindings } from '../generate/seededFindings.js'
import { deriveSeed } from '../generate/seededRun.js'
import { generatesParams, readOnlyStandardMethods } from '../scenarios/methodKinds.js'
import { paramsArbitrary } from '../scenarios/paramsArbitrary.js'

/** RPC-ERRORS: the error codes JSON-RPC 2.0 names, where it names one. */
export const row = requirement({
  id: 'RPC-ERRORS',
  level: 'SHOULD',
  text: 'malformed JSON -32700, invalid request -32600, unknown method -32601, bad params -32602',
  section: '7; JSON-RPC 2.0, section 5.1',
})

/** The codes of JSON-RPC 2.0, section 5.1. */
export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602

/** A request cut short before its closing brace: not JSON. */
export const MALFORMED_JSON = '{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1'

/** Params of the wrong type or encoding for methods every node serves, each with what is wrong. */
export const INVALID_PARAMS_CALLS: ReadonlyArray<readonly [string, string, readonly unknown[]]> = [
  ['a block number that is not hex', 'eth_getBlockByNumber', ['0xZZ', false]],
  ['a 2-byte address', 'eth_getBalance', ['0x1234', 'latest']],
]

/**
 * Generated invalid params per method: at least this many, else half of --runs (each is one call,
 * and a node that refuses one invalid param usually refuses them all).
 */
export const MIN_INVALID_PARAMS_RUNS = 5

/** A subscription kind no node knows. */
export const UNKNOWN_SUBSCRIPTION = 'l2confNoSuchEvent'

export { checkIsError } from '../checks/outcomeFindings.js'

/** Request objects whose `jsonrpc` member is not exactly "2.0" (JSON-RPC 2.0 section 4: it MUST be exactly "2.0"). */
const WRONG_VERSIONS: Array<[string, Record<string, unknown>]> = [
  ['no "jsonrpc" member', { method: 'eth_chainId', params: [], id: 1 }],
  ['"jsonrpc": "1.0"', { jsonrpc: '1.0', method: 'eth_chainId', params: [], id: 2 }],
  ['"jsonrpc": 2 (a number)', { jsonrpc: 2, method: 'eth_chainId', params: [], id: 3 }],
]

/** RPC-ERRORS's checks: the codes JSON-RPC 2.0 names where it names one, and the codes openrpc.json names for its examples. */
export function checks({ openrpc }: DeclarationScope): CheckDefinition[] {
  return [
    {
      id: 'errors.parse',
      title: 'malformed JSON is answered -32700',
      run: async (probe, context) => {
        probe.add(checkIsError(await rpcHttp(context).sendRaw(MALFORMED_JSON), 'malformed JSON', [PARSE_ERROR]))
      },
    },
    {
      id: 'errors.invalid-request',
      title: 'a request without a method, and an empty batch, are answered -32600',
      run: async (probe, context) => {
        probe.add(checkIsError(await rpcHttp(context).send({ jsonrpc: '2.0', id: 1 }), 'a request without a method', [INVALID_REQUEST]))
        probe.add(checkIsError(await rpcHttp(context).send([]), 'an empty batch', [INVALID_REQUEST]))
      },
    },
    {
      id: 'errors.unknown-method',
      title: 'an unknown method is answered -32601',
      run: async (probe, context) => {
        probe.add(checkIsError(await rpcHttp(context).call(UNKNOWN_METHOD, []), 'an unknown method', [METHOD_NOT_FOUND]))
      },
    },
    {
      id: 'errors.invalid-params',
      title: 'params of the wrong type or encoding are answered -32602',
      run: async (probe, context) => {
        for (const [why, method, params] of INVALID_PARAMS_CALLS)
          probe.add(checkIsError(await rpcHttp(context).call(method, [...params]), why, [INVALID_PARAMS]))
      },
    },
    {
      id: 'errors.jsonrpc-version',
      title: 'a request whose "jsonrpc" is absent, "1.0" or 2 is answered -32600, not as a valid call',
      run: async (probe, context) => {
        const exchanges = await Promise.all(WRONG_VERSIONS.map(([, body]) => context.http!.send(body)))
        exchanges.forEach((exchange, i) => probe.add(checkIsError(exchange, `a request with ${WRONG_VERSIONS[i]![0]}`, [INVALID_REQUEST])))
      },
    },
    {
      id: 'errors.unknown-subscription',
      title: 'eth_subscribe of an unknown kind is an error',
      calls: ['eth_subscribe'],
      needs: { ws: true },
      run: async (probe, context) => {
        const ws = await context.ws()
        if (ws === null) return
        probe.add(checkIsError(await ws.call('eth_subscribe', [UNKNOWN_SUBSCRIPTION]), `eth_subscribe ["${UNKNOWN_SUBSCRIPTION}"]`))
      },
    },
    ...specErrorChecks({ openrpc }),
    ...invalidParamsChecks({ openrpc }),
  ]
}

/**
 * RPC-ERRORS for every method whose examples name the error they answer (`x-error`): the spec is
 * data. Only refusals are judged: a call answered with a result fails its own requirement (BLOCKED-*).
 */
function specErrorChecks({ openrpc }: Pick<DeclarationScope, 'openrpc'>): CheckDefinition[] {
  return openrpc.methods.flatMap((method): CheckDefinition[] => {
    const named = exampleErrors(openrpc, method.name)
    // A method that changes state is sent its blocked form, value-free (read-only runs send it too),
    // when the spec blocks it; otherwise only the examples whose params the spec itself refuses: a
    // node that answers them with a result instead of the named error would have executed them.
    const changesState = mutatesState(openrpc, method)
    const safe = changesState && method.blocked !== undefined
    const examples = changesState && !safe ? named.filter((e) => refusedBySpec(method, e.params)) : named
    if (examples.length === 0) return []
    return [
      {
        id: `errors.spec.${method.name}`,
        title: `${method.name}: each example answers the error openrpc.json names (${[...new Set(examples.map((e) => e.error.code))].join(', ')}), with its data`,
        run: async (probe, context) => {
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
      },
    ]
  })
}

/** RPC-ERRORS for every read-only standard method whose params can be generated: generated invalid params are refused with -32602. */
function invalidParamsChecks({ openrpc }: Pick<DeclarationScope, 'openrpc'>): CheckDefinition[] {
  const components = (openrpc.document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}
  return readOnlyStandardMethods(openrpc)
    .filter((method) => generatesParams(openrpc, method))
    .map((method) => ({
      id: `standard.${method.name}.invalid-params`,
      title: `${method.name}: generated invalid params are refused with -32602`,
      run: async (probe, context) => {
        probe.add(
          await seededFindings(
            paramsArbitrary(method, 'invalid', components),
            async (params) =>
              checkIsError(await context.http!.call(method.name, params), `${method.name} with invalid params ${boundedJson(params, 160)}`, [INVALID_PARAMS]),
            {
              seed: deriveSeed(context.config.seed, `standard.${method.name}.invalid-params`),
              runs: Math.max(MIN_INVALID_PARAMS_RUNS, Math.ceil(context.config.runs / 2)),
              runSeed: context.config.seed,
              inputName: 'params',
              parallel: context.config.concurrency,
            },
          ),
        )
      },
    }))
}
