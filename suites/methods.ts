import { deriveSeed } from '../harness/generate/seededRun.js'
import { seededFindings } from '../harness/generate/seededFindings.js'
import { boundedJson } from '../harness/checks/boundedJson.js'
import { defineSuite } from '../harness/run/registry.js'
import type { Exchange } from '../harness/transport/exchange.js'
import type { Probe } from '../harness/run/certify.js'
import type { RunContext } from '../harness/run/runContext.js'
import { batchItem } from '../harness/checks/envelopeFindings.js'
import { outcomeOf } from '../harness/checks/outcomeOf.js'
import { checkGeneratedAnswer, checkLiveAnswer, checkValidAnswer, liveCallName } from '../harness/requirements/RPC-STANDARD.js'
import { checkIsError, INVALID_PARAMS, MIN_INVALID_PARAMS_RUNS } from '../harness/requirements/RPC-ERRORS.js'
import { checkExampleBatch, checkSameOverWebSocket, STATE_MOVED_ATTEMPTS, type BatchCall } from '../harness/requirements/RPC-WS.js'
import { generatesParams, readOnlyStandardMethods } from '../harness/scenarios/methodKinds.js'
import { paramsArbitrary } from '../harness/scenarios/paramsArbitrary.js'
import { liveParams, liveSample, type LiveSample } from '../harness/scenarios/liveSample.js'
import { leaveOut, specName } from '../harness/run/undeclared.js'
import { mayBeUnheldData, namedChainData, unheldChainData } from '../harness/scenarios/unheldChainData.js'

export default defineSuite('methods', (check, scope) => {
  const { openrpc } = scope
  /** The target's own chain, sampled once for every method's live check. */
  let sample: Promise<{ sample: LiveSample | null; exchange: Exchange }> | undefined

  const components = (openrpc.document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}

  /** RPC-STANDARD, RPC-ERRORS and RPC-WS for every standard method of openrpc.json (the spec is data). */
  for (const method of readOnlyStandardMethods(openrpc)) {
    // A method without an example has nothing for this check to judge: the spec's gap, not the node's
    // (the spec's own check names it); its live and generated checks still run.
    if (method.examples.length === 0) leaveOut(openrpc, `standard.${method.name}.examples`, `${specName(scope)} has no example for ${method.name}`)
    else
      check(
        {
          id: `standard.${method.name}.examples`,
          requirement: 'RPC-STANDARD',
          title: `${method.name}: each example's params answer a result valid against the result schema`,
        },
        {},
        async (probe, context) => {
          for (const example of method.examples) {
            const what = `${method.name} (example "${example.name}")`
            const exchange = await context.http!.call(method.name, example.params)
            const findings = checkValidAnswer(exchange, method.result.validate, what)
            // An example written against another chain may name a block, transaction, chain id, sender or
            // filter the target does not hold: no result can be demanded of it there.
            const unheld = mayBeUnheldData(exchange, findings) ? await unheldChainData(context, namedChainData(method, example.params), method.name) : []
            if (unheld.length > 0)
              probe.inconclusive(`${what} answered no result, and its params name what the target does not hold: ${unheld.join('; ')}`, exchange)
            else probe.add(findings)
          }
        },
      )

    if (method.params.length > 0)
      check(
        {
          id: `standard.${method.name}.live`,
          requirement: 'RPC-STANDARD',
          title: `${method.name}: params naming blocks, transactions and accounts of the target's own chain answer a valid, non-null result`,
        },
        {},
        async (probe, context) => {
          sample ??= liveSample(context)
          const live = await sample
          if (live.sample === null)
            return probe.fail(
              'eth_getBlockByNumber answers no block near the head, so nothing of the chain can be sampled',
              live.exchange,
              undefined,
              'no-answer',
            )
          const filled = liveParams(method, live.sample)
          if ('missing' in filled) {
            return probe.inconclusive(
              filled.needsTransaction ? 'no transaction in the blocks near the head to sample' : `no live value for its param "${filled.missing}"`,
            )
          }
          probe.add(checkLiveAnswer(await context.http!.call(method.name, filled.params), method.result.validate, liveCallName(method.name, filled.params)))
        },
      )

    if (generatesParams(openrpc, method)) {
      check(
        {
          id: `standard.${method.name}.generated`,
          requirement: 'RPC-STANDARD',
          title: `${method.name}: generated valid params answer a valid result or a well-formed error`,
        },
        {},
        async (probe, context) => {
          probe.add(
            await seededFindings(
              paramsArbitrary(method, 'valid', components),
              async (params) => checkGeneratedAnswer(await context.http!.call(method.name, params), method.result.validate, method.name),
              {
                seed: deriveSeed(context.config.seed, `standard.${method.name}.generated`),
                runs: context.config.runs,
                runSeed: context.config.seed,
                inputName: 'params',
                parallel: context.config.concurrency,
              },
            ),
          )
        },
      )
    }

    if (generatesParams(openrpc, method))
      check(
        { id: `standard.${method.name}.invalid-params`, requirement: 'RPC-ERRORS', title: `${method.name}: generated invalid params are refused with -32602` },
        {},
        async (probe, context) => {
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
      )

    check(
      { id: `ws.${method.name}`, requirement: 'RPC-WS', title: `${method.name}: reachable over WebSocket with the same answer as over HTTP` },
      { ws: true },
      async (probe, context) => {
        const ws = await context.ws()
        if (ws === null) return
        // The spec's examples, and (for methods with params) the same call with values of the target's own
        // chain, so hashes that exist there are compared too, not only the null answers of unknown ones.
        const calls = method.examples.map((example) => ({ name: `example "${example.name}"`, params: example.params }))
        if (method.params.length > 0) {
          sample ??= liveSample(context)
          const live = await sample
          const filled = live.sample === null ? null : liveParams(method, live.sample)
          if (filled !== null && 'params' in filled) calls.push({ name: 'with live params', params: filled.params })
        }
        // Nothing to compare is no pass: no example in the spec, and no live value for its params.
        if (calls.length === 0) return probe.inconclusive(`${specName(context)} has no example for ${method.name}, and no live value fills its params`)
        // The calls are independent: side by side.
        await Promise.all(
          calls.map(async (call) => {
            // HTTP, WebSocket twice, HTTP again (checkSameOverWebSocket): when the two answers of one transport differ
            // the state moved under the check (a live chain's new block): asked again, up to STATE_MOVED_ATTEMPTS times,
            // before it is left inconclusive.
            const what = `${method.name} (${call.name})`
            let judged: ReturnType<typeof checkSameOverWebSocket> = { moved: true }
            for (let attempt = 1; attempt <= STATE_MOVED_ATTEMPTS && 'moved' in judged; attempt++) {
              const before = await context.http!.call(method.name, call.params)
              const viaWs = await ws.call(method.name, call.params)
              const viaWsAgain = await ws.call(method.name, call.params)
              const after = await context.http!.call(method.name, call.params)
              judged = checkSameOverWebSocket(what, { before, viaWs, viaWsAgain, after })
            }
            if ('moved' in judged)
              probe.inconclusive(`${what} answered differently on two calls over one transport in each of ${STATE_MOVED_ATTEMPTS} tries (the state moved)`)
            else {
              if (judged.note !== undefined) probe.note(judged.note)
              probe.add(judged.findings)
            }
          }),
        )
      },
    )
  }

  /** Every example call of the read-only standard methods in one batch: each item answered as the schema says. */
  // examples in one batch
  const calls: BatchCall[] = readOnlyStandardMethods(openrpc)
    .flatMap((method) =>
      method.examples.map((example) => ({
        validate: method.result.validate,
        request: { jsonrpc: '2.0' as const, method: method.name, params: example.params, id: 0 },
      })),
    )
    .map((call, i) => ({ ...call, request: { ...call.request, id: i + 1 } }))
  const requests = calls.map((call) => call.request)

  /**
   * The batch's answer judged per item, as the examples check judges each call alone: an item that
   * answers null where the schema wants a value, for an example naming what the target does not hold
   * (a block or transaction of another chain), is noted, not charged to the node.
   */
  async function judgeBatch(probe: Probe, context: RunContext, exchange: Exchange): Promise<void> {
    const judged = await Promise.all(
      calls.map(async (call) => {
        const item = outcomeOf({ ...exchange, response: batchItem(exchange, call.request.id) })
        if (item.kind !== 'result' || item.value !== null || call.validate(null).length === 0) return call
        const method = openrpc.method(call.request.method)!
        const params = Array.isArray(call.request.params) ? (call.request.params as unknown[]) : []
        const unheld = await unheldChainData(context, namedChainData(method, params), method.name)
        if (unheld.length === 0) return call
        probe.note(`${call.request.method} inside a batch answered null: its example names what the target does not hold (${unheld.join('; ')})`)
        return { ...call, validate: () => [] }
      }),
    )
    probe.add(checkExampleBatch(exchange, judged))
  }

  check(
    { id: 'http.batch.examples', requirement: 'RPC-HTTP', title: `a batch of every example call (${calls.length}) is answered per item, each result valid` },
    {},
    async (probe, context) => judgeBatch(probe, context, await context.http!.send(requests)),
  )
  check(
    { id: 'ws.batch.examples', requirement: 'RPC-WS', title: `the same batch over WebSocket is answered per item, each result valid` },
    { ws: true },
    async (probe, context) => {
      const ws = await context.ws()
      if (ws !== null) await judgeBatch(probe, context, await ws.send(requests))
    },
  )
})
