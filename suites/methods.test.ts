import { describe } from 'vitest'
import { batchItem, checkBatchEnvelope, checkEnvelope } from '../harness/checks/envelopeFindings.js'
import { firstDifference } from '../harness/checks/firstDifference.js'
import { checkIsError, checkResult } from '../harness/checks/outcomeFindings.js'
import { deriveSeed } from '../harness/generate/seededRun.js'
import { seededFindings } from '../harness/generate/seededFindings.js'
import { boundedJson } from '../harness/checks/boundedJson.js'
import { outcomeOf } from '../harness/checks/outcomeOf.js'
import { check } from '../harness/run/check.js'
import { runContext } from '../harness/run/runContext.js'
import type { Exchange } from '../harness/transport/exchange.js'
import { generatesParams, readOnlyStandardMethods } from './support/methodKinds.js'
import { paramsArbitrary } from './support/paramsArbitrary.js'
import { liveParams, liveSample, type LiveSample } from './support/liveSample.js'

/** The target's own chain, sampled once for every method's live check. */
let sample: Promise<LiveSample | null> | undefined

const { openrpc } = await runContext()
const components = ((openrpc.document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas) ?? {}
const idOf = (exchange: Exchange): unknown => (exchange.request as { id?: unknown }).id

/** RPC-STANDARD, RPC-ERRORS and RPC-WS for every standard method of openrpc.json (the spec is data). */
for (const method of readOnlyStandardMethods(openrpc)) {
  describe(method.name, () => {
    check(
      { id: `standard.${method.name}.examples`, requirement: 'RPC-STANDARD', title: `${method.name}: each example's params answer a result valid against the result schema` },
      {},
      async (probe, context) => {
        if (method.examples.length === 0) probe.fail(`openrpc.json has no example for ${method.name}`)
        for (const example of method.examples) {
          const exchange = await context.http!.call(method.name, example.params)
          probe.add(checkEnvelope(exchange, idOf(exchange)))
          probe.add(checkResult(exchange, method.result.validate, `${method.name} (example "${example.name}")`).findings)
        }
      },
    )

    if (method.params.length > 0) check(
      { id: `standard.${method.name}.live`, requirement: 'RPC-STANDARD', title: `${method.name}: params naming blocks, transactions and accounts of the target's own chain answer a valid, non-null result` },
      {},
      async (probe, context) => {
        sample ??= liveSample(context)
        const live = await sample
        if (live === null) return probe.fail('eth_getBlockByNumber answers no block near the head, so nothing of the chain can be sampled')
        const filled = liveParams(method, live)
        if ('missing' in filled) {
          return probe.inconclusive(filled.missing === 'transactionHash' || filled.missing === 'address' || filled.missing === 'transaction'
            ? 'no transaction in the blocks near the head to sample'
            : `no live value for its param "${filled.missing}"`)
        }
        const exchange = await context.http!.call(method.name, filled.params)
        probe.add(checkEnvelope(exchange, idOf(exchange)))
        const { findings, value } = checkResult(exchange, method.result.validate, `${method.name} ${JSON.stringify(filled.params).slice(0, 160)}`)
        probe.add(findings)
        if (findings.length === 0 && value === null) probe.fail(`${method.name} ${JSON.stringify(filled.params).slice(0, 160)} answered null for something that exists on the chain`, exchange)
      },
    )

    if (generatesParams(openrpc, method)) {
      check(
        { id: `standard.${method.name}.generated`, requirement: 'RPC-STANDARD', title: `${method.name}: generated valid params answer a valid result or a well-formed error` },
        {},
        async (probe, context) => {
          probe.add(await seededFindings(paramsArbitrary(method, 'valid', components), async (params) => {
            const exchange = await context.http!.call(method.name, params)
            const findings = checkEnvelope(exchange, idOf(exchange))
            if (findings.length === 0 && outcomeOf(exchange).kind === 'result') findings.push(...checkResult(exchange, method.result.validate, method.name).findings)
            return findings
          }, { seed: deriveSeed(context.config.seed, `standard.${method.name}.generated`), runs: context.config.runs, runSeed: context.config.seed, inputName: 'params' }))
        },
      )
    }

    if (generatesParams(openrpc, method)) check(
      { id: `standard.${method.name}.invalid-params`, requirement: 'RPC-ERRORS', title: `${method.name}: generated invalid params are refused with -32602` },
      {},
      async (probe, context) => {
        probe.add(await seededFindings(paramsArbitrary(method, 'invalid', components), async (params) =>
          checkIsError(await context.http!.call(method.name, params), `${method.name} with invalid params ${boundedJson(params, 160)}`, [-32602]),
        { seed: deriveSeed(context.config.seed, `standard.${method.name}.invalid-params`), runs: Math.max(5, Math.ceil(context.config.runs / 2)), runSeed: context.config.seed, inputName: 'params' }))
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
          const filled = live === null ? null : liveParams(method, live)
          if (filled !== null && 'params' in filled) calls.push({ name: 'with live params', params: filled.params })
        }
        for (const example of calls) {
          // HTTP, WebSocket, HTTP again: when the two HTTP answers differ the state moved under the check.
          const before = await context.http!.call(method.name, example.params)
          const viaWs = await ws.call(method.name, example.params)
          probe.add(checkEnvelope(viaWs, idOf(viaWs)))
          const after = await context.http!.call(method.name, example.params)
          const [b, w, a] = [outcomeOf(before), outcomeOf(viaWs), outcomeOf(after)]
          if (w.kind === 'broken') continue
          const httpValue = b.kind === 'result' ? b.value : b.kind === 'error' ? { error: b.code } : undefined
          const afterValue = a.kind === 'result' ? a.value : a.kind === 'error' ? { error: a.code } : undefined
          const wsValue = w.kind === 'result' ? w.value : { error: w.code }
          if (firstDifference(httpValue, afterValue) !== null) {
            probe.inconclusive(`${method.name} answered differently on two HTTP calls (the state moved)`)
            continue
          }
          const difference = firstDifference(httpValue, wsValue)
          if (difference !== null) {
            probe.fail(`${method.name} (${example.name}) over WebSocket differs from HTTP at ${difference.pointer}: ${JSON.stringify(difference.right)?.slice(0, 80)} vs ${JSON.stringify(difference.left)?.slice(0, 80)}`, viaWs)
          }
        }
      },
    )
  })
}

/** Every example call of the read-only standard methods in one batch: each item answered as the schema says. */
describe('examples in one batch', () => {
  const calls = readOnlyStandardMethods(openrpc).flatMap((method) =>
    method.examples.map((example) => ({ method, request: { jsonrpc: '2.0' as const, method: method.name, params: example.params } })),
  ).map((call, i) => ({ ...call, request: { ...call.request, id: i + 1 } }))

  const checkBatch = (exchange: Exchange, probe: Parameters<Parameters<typeof check>[2]>[0]): void => {
    const findings = checkBatchEnvelope(exchange, calls.map((c) => c.request))
    probe.add(findings)
    if (findings.length > 0) return
    for (const call of calls) {
      const item = { ...exchange, response: batchItem(exchange, call.request.id) }
      if (outcomeOf(item).kind === 'result') probe.add(checkResult(item, call.method.result.validate, `${call.method.name} inside a batch`).findings)
    }
  }
  check(
    { id: 'http.batch.examples', requirement: 'RPC-HTTP', title: `a batch of every example call (${calls.length}) is answered per item, each result valid` },
    {},
    async (probe, context) => checkBatch(await context.http!.send(calls.map((c) => c.request)), probe),
  )
  check(
    { id: 'ws.batch.examples', requirement: 'RPC-WS', title: `the same batch over WebSocket is answered per item, each result valid` },
    { ws: true },
    async (probe, context) => {
      const ws = await context.ws()
      if (ws !== null) checkBatch(await ws.send(calls.map((c) => c.request)), probe)
    },
  )
})
