import { boundedJson } from '../checks/boundedJson.js'
import { checkEnvelope } from '../checks/envelopeFindings.js'
import type { Finding } from '../checks/finding.js'
import { firstDifference } from '../checks/firstDifference.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'
import { unsolicitedFindings } from '../checks/unsolicitedFindings.js'
import { deriveSeed } from '../generate/seededRun.js'
import type { Probe } from '../run/certify.js'
import type { CheckDefinition, DeclarationScope } from '../run/registry.js'
import type { RunContext } from '../run/runContext.js'
import { leaveOut, specName } from '../run/undeclared.js'
import { examplesBatch, judgeExamplesBatch } from '../scenarios/examplesBatch.js'
import { liveParams, sampledChain } from '../scenarios/liveSample.js'
import { mutatesState, readOnlyStandardMethods } from '../scenarios/methodKinds.js'
import { refusedParams } from '../scenarios/paramsArbitrary.js'
import { settledWebSocket } from '../scenarios/settledWebSocket.js'
import type { MethodSpec } from '../spec/loadOpenRpc.js'

/** RPC-WS: the WebSocket serves every method HTTP does, with the same answers. */
export const row = requirement({
  id: 'RPC-WS',
  level: 'MUST',
  text: 'every method reachable over HTTP is reachable over WebSocket with the same result',
  section: '4.1',
})

const isError = (value: unknown): value is { error: unknown } => value !== null && typeof value === 'object' && 'error' in value

/** What an answer says, for comparing transports: its result, or its error code (messages are prose, and may differ); null when broken. */
function said(exchange: Exchange): { value: unknown } | null {
  const outcome = outcomeOf(exchange)
  if (outcome.kind === 'broken') return null
  return { value: outcome.kind === 'result' ? { result: outcome.value } : { error: outcome.code } }
}

/** How many times the HTTP, WebSocket, WebSocket, HTTP calls are asked while the state moves under them (a live chain). */
export const STATE_MOVED_ATTEMPTS = 3

/** The same call made four times, one after the other: over HTTP, over WebSocket twice, and over HTTP again. */
export interface WsParityExchanges {
  before: Exchange
  viaWs: Exchange
  viaWsAgain: Exchange
  after: Exchange
}

/**
 * RPC-WS (interface section 4.1: the WebSocket offers an access equivalent to HTTPS): the same call
 * answers the same over WebSocket as over HTTP, an equal result or an error there too (a blocked
 * method must fail on both), and the WebSocket answer's envelope is well formed. The calls go HTTP,
 * WebSocket, WebSocket, HTTP, one after another, which tells the transport from a state that moves:
 * - the two HTTP answers equal: the WebSocket answers must equal them (two WebSocket answers that
 *   differ from each other mean the state moved and came back, as replicas out of step answering in
 *   turn do: `moved`, ask again; HTTP, WebSocket, HTTP would blame that on the transport);
 * - they differ: the state moved. When one change explains every answer (the answers before it are
 *   the first HTTP one's, those after it the second's), both transports agreed at both states: a pass
 *   with no wait for a still head. Otherwise `moved`: ask again, never fail.
 * Error codes that differ between the transports are a `note`, not a finding: the call is refused on
 * both, and which code a refusal carries is RPC-ERRORS' matter (Anvil answers an unknown method
 * -32601 over HTTP, -32602 over WebSocket). An HTTP call without a usable answer leaves nothing to
 * compare (RPC-ENVELOPE's matter).
 * @example checkSameOverWebSocket('eth_chainId (example "chain id")', { before, viaWs, viaWsAgain, after })
 */
export function checkSameOverWebSocket(what: string, exchanges: WsParityExchanges): { findings: Finding[]; note?: string } | { moved: true } {
  const { before, viaWs, viaWsAgain, after } = exchanges
  const findings = checkEnvelope(viaWs, (viaWs.request as { id?: unknown } | null)?.id)
  const [first, overWs, overWsAgain, second] = [said(before), said(viaWs), said(viaWsAgain), said(after)]
  if (overWs === null || first === null || second === null) return { findings }
  const same = (a: unknown, b: unknown): boolean => firstDifference(a, b) === null
  if (!same(first.value, second.value)) {
    // In the order they were asked: explained by one change when a prefix is the first HTTP answer and the rest the second.
    const answers = [first.value, overWs.value, ...(overWsAgain === null ? [] : [overWsAgain.value]), second.value]
    const switchAt = answers.findIndex((value) => !same(value, first.value))
    return answers.slice(switchAt).every((value) => same(value, second.value)) ? { findings } : { moved: true }
  }
  if (overWsAgain !== null && !same(overWs.value, overWsAgain.value)) return { moved: true }
  const difference = firstDifference(first.value, overWs.value)
  if (difference === null) return { findings }
  if (isError(overWs.value) && isError(first.value))
    return {
      findings,
      note: `${what} is refused on both transports, with error ${boundedJson(first.value.error, 20)} over HTTP and ${boundedJson(overWs.value.error, 20)} over WebSocket`,
    }
  findings.push({
    kind: 'inconsistent',
    message: `${what} over WebSocket differs from HTTP at ${difference.pointer}: ${boundedJson(difference.right, 80)} vs ${boundedJson(difference.left, 80)}`,
    exchange: viaWs,
    pointer: difference.pointer,
  })
  return { findings }
}

export { checkExampleBatch, type BatchCall } from '../checks/exampleBatch.js'

type WsConnection = NonNullable<Awaited<ReturnType<RunContext['ws']>>>

/**
 * Compares each call over both transports, side by side (the calls are independent): HTTP, WebSocket
 * twice, HTTP again (checkSameOverWebSocket); when the two answers of one transport differ the state
 * moved under the call (a live chain's new block), and it is asked again, up to STATE_MOVED_ATTEMPTS
 * times, before it is left inconclusive. With `hold` (the node's own methods, whose answers other
 * checks sample as sequences: rollup_getInfo), each attempt's four answers come with the method held
 * (MethodHolds): consecutive answers of the target, whatever other checks run beside it.
 */
async function compareOverWebSocket(
  probe: Probe,
  context: RunContext,
  ws: WsConnection,
  method: string,
  calls: ReadonlyArray<{ name: string; params: unknown[] }>,
  hold = false,
): Promise<void> {
  await Promise.all(
    calls.map(async (call) => {
      const what = `${method} (${call.name})`
      let judged: ReturnType<typeof checkSameOverWebSocket> = { moved: true }
      for (let attempt = 1; attempt <= STATE_MOVED_ATTEMPTS && 'moved' in judged; attempt++) {
        // The method held: no other check's call of it comes between the four answers (a target whose
        // answers alternate per call would otherwise show a difference only when another check's call interleaves).
        const four = async (): Promise<WsParityExchanges> => {
          const before = await context.http!.call(method, call.params)
          const viaWs = await ws.call(method, call.params)
          const viaWsAgain = await ws.call(method, call.params)
          return { before, viaWs, viaWsAgain, after: await context.http!.call(method, call.params) }
        }
        const { before, viaWs, viaWsAgain, after } = hold ? await context.holds.hold([method], four) : await four()
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
}

/** ws.<method> for a read-only standard method: the spec's examples, and (for methods with params) the same call with values of the target's own chain. */
function standardMethodCheck(method: MethodSpec): CheckDefinition {
  return {
    id: `ws.${method.name}`,
    title: `${method.name}: reachable over WebSocket with the same answer as over HTTP`,
    needs: { ws: true },
    // Its live params come from the run's one sample of the chain (sampledChain), which RPC-STANDARD's live checks read after the run's own transactions.
    ...(method.params.length > 0 ? { afterSends: true } : {}),
    run: async (probe, context) => {
      const ws = await context.ws()
      if (ws === null) return
      // The live values make hashes that exist on the target compared too, not only the null answers of unknown ones.
      const calls = method.examples.map((example) => ({ name: `example "${example.name}"`, params: example.params }))
      if (method.params.length > 0) {
        const live = await sampledChain(context)
        const filled = live.sample === null ? null : liveParams(method, live.sample)
        if (filled !== null && 'params' in filled) calls.push({ name: 'with live params', params: filled.params })
      }
      // Nothing to compare is no pass: no example in the spec, and no live value for its params.
      if (calls.length === 0) return probe.inconclusive(`${specName(context)} has no example for ${method.name}, and no live value fills its params`)
      await compareOverWebSocket(probe, context, ws, method.name, calls)
    },
  }
}

/**
 * ws.<method> for every other method openrpc.json serves over both transports (`x-transports`, both
 * when absent): the custom methods and those that change state. A method added to the spec is covered
 * without code. The calls compare it without changing state: its examples; for a method that changes
 * state when it succeeds, params the spec refuses instead (generated, seeded), so nothing is ever
 * executed. The blocked methods (`x-blocked`) must fail over WebSocket too: their own checks
 * (blocked.<method>.ws, derived from the spec the same way) certify it, and a second check here could
 * only count the same finding twice. A method the spec gives nothing to send (no example; changing
 * state, no params) has no call to compare: its check is not declared (the spec's check says so).
 */
function otherMethodChecks(scope: DeclarationScope): CheckDefinition[] {
  const { openrpc } = scope
  const components = (openrpc.document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}
  const standard = new Set(readOnlyStandardMethods(openrpc).map((m) => m.name))
  const others = openrpc.methods.filter((m) => m.transports.includes('http') && m.transports.includes('ws') && !standard.has(m.name) && m.blocked === undefined)
  return others.flatMap((method): CheckDefinition[] => {
    const id = `ws.${method.name}`
    const changesState = mutatesState(openrpc, method)
    if (changesState ? method.params.length === 0 : method.examples.length === 0) {
      leaveOut(
        openrpc,
        id,
        changesState
          ? `${method.name} changes state and takes no params, so no call of it is sure to be refused`
          : `${specName(scope)} has no example for ${method.name}`,
      )
      return []
    }
    return [
      {
        id,
        title: `${method.name}: the same answer over WebSocket as over HTTP`,
        needs: { ws: true },
        run: async (probe, context) => {
          const ws = await context.ws()
          if (ws === null) return
          const seed = deriveSeed(context.config.seed, id)
          const calls = changesState
            ? refusedParams(method, components, seed, 2).map((params, i) => ({ name: `invalid params ${i + 1}`, params }))
            : method.examples.map((e) => ({ name: `example "${e.name}"`, params: e.params }))
          // Params whose schemas accept anything leave nothing to refuse: the spec's gap, not the node's.
          if (calls.length === 0)
            return probe.inconclusive(
              `${method.name} changes state, and ${specName(context)} gives its params no schema a generated value is sure to break, so no call of it can be sent`,
            )
          await compareOverWebSocket(probe, context, ws, method.name, calls, true)
        },
      },
    ]
  })
}

/** RPC-WS's checks: every method reachable over HTTP answers the same over WebSocket, batches too; nothing arrives that was not asked for. */
export function checks(scope: DeclarationScope): CheckDefinition[] {
  const examples = examplesBatch(scope.openrpc)
  return [
    ...readOnlyStandardMethods(scope.openrpc).map(standardMethodCheck),
    ...otherMethodChecks(scope),
    {
      id: 'ws.batch.examples',
      title: `the same batch over WebSocket is answered per item, each result valid`,
      needs: { ws: true },
      run: async (probe, context) => {
        const ws = await context.ws()
        if (ws !== null) await judgeExamplesBatch(probe, context, examples, await ws.send(examples.map((call) => call.request)))
      },
    },
    {
      id: 'ws.unsolicited-responses',
      title: 'no response arrives for an id the harness never sent (JSON-RPC 2.0 section 5)',
      needs: { ws: true },
      last: true,
      run: async (probe, context) => {
        await settledWebSocket(probe, context)
        probe.add(unsolicitedFindings(context.health.unsolicited.responses, 'response(s) to ids no request carried arrived'))
      },
    },
  ]
}
