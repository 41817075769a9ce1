import { checkSameOverWebSocket, STATE_MOVED_ATTEMPTS } from '../harness/requirements/RPC-WS.js'
import { deriveSeed } from '../harness/generate/seededRun.js'
import { defineSuite } from '../harness/run/registry.js'
import type { MethodSpec } from '../harness/spec/loadOpenRpc.js'
import { mutatesState, readOnlyStandardMethods } from '../harness/scenarios/methodKinds.js'
import { refusedParams } from '../harness/scenarios/paramsArbitrary.js'
import { leaveOut, specName } from '../harness/run/undeclared.js'

export default defineSuite('wsParity', (check, scope) => {
  const { openrpc } = scope
  const components = (openrpc.document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}

  /**
   * The calls that compare a method across transports without changing state: its examples; for a
   * method that changes state when it succeeds, params the spec refuses instead (generated, seeded),
   * so nothing is ever executed.
   */
  function probeCalls(method: MethodSpec, seed: number): Array<{ name: string; params: unknown[] }> {
    if (mutatesState(openrpc, method)) return refusedParams(method, components, seed, 2).map((params, i) => ({ name: `invalid params ${i + 1}`, params }))
    return method.examples.map((e) => ({ name: `example "${e.name}"`, params: e.params }))
  }

  /**
   * RPC-WS for every method openrpc.json serves over both transports (`x-transports`, both when
   * absent) that the standard methods' checks (ws.<method> in the methods suite) leave out: the custom
   * methods and those that change state. A method added to the spec is covered without code. The
   * blocked methods (`x-blocked`) must fail over WebSocket too: their own checks (blocked.<method>.ws,
   * derived from the spec the same way) certify it, and a second check here could only count the same
   * finding twice. A method the spec gives nothing to send (no example; changing state, no params)
   * has no call to compare: its check is not declared (the spec's check says so).
   */
  const standard = new Set(readOnlyStandardMethods(openrpc).map((m) => m.name))
  const others = openrpc.methods.filter((m) => m.transports.includes('http') && m.transports.includes('ws') && !standard.has(m.name) && m.blocked === undefined)

  // RPC-WS: every method reachable over HTTP answers the same over WebSocket
  for (const method of others) {
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
      continue
    }
    check({ id, requirement: 'RPC-WS', title: `${method.name}: the same answer over WebSocket as over HTTP` }, { ws: true }, async (probe, context) => {
      const ws = await context.ws()
      if (ws === null) return
      const calls = probeCalls(method, deriveSeed(context.config.seed, id))
      // Params whose schemas accept anything leave nothing to refuse: the spec's gap, not the node's.
      if (calls.length === 0)
        return probe.inconclusive(
          `${method.name} changes state, and ${specName(context)} gives its params no schema a generated value is sure to break, so no call of it can be sent`,
        )
      await Promise.all(
        calls.map(async (call) => {
          for (let attempt = 1; attempt <= STATE_MOVED_ATTEMPTS; attempt++) {
            // HTTP, WebSocket twice, HTTP again: when the two answers of one transport differ, the state moved under the call.
            const before = await context.http!.call(method.name, call.params)
            const viaWs = await ws.call(method.name, call.params)
            const viaWsAgain = await ws.call(method.name, call.params)
            const after = await context.http!.call(method.name, call.params)
            const judged = checkSameOverWebSocket(`${method.name} (${call.name})`, { before, viaWs, viaWsAgain, after })
            if ('findings' in judged) {
              if (judged.note !== undefined) probe.note(judged.note)
              return probe.add(judged.findings)
            }
          }
          probe.inconclusive(
            `${method.name} (${call.name}) answered differently on two calls over one transport in each of ${STATE_MOVED_ATTEMPTS} tries (the state moved)`,
          )
        }),
      )
    })
  }
})
