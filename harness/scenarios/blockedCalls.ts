import { batchItem, checkBatchEnvelope } from '../checks/envelopeFindings.js'
import { checkNotEvaluated } from '../checks/checkNotEvaluated.js'
import { checkIsError } from '../checks/outcomeFindings.js'
import type { LiveVerdict } from '../checks/liveVerdict.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Probe } from '../run/certify.js'
import type { CheckDefinition } from '../run/registry.js'
import type { RunContext } from '../run/runContext.js'
import type { RequirementId } from '../requirements/requirementId.js'
import { blockedRequirement } from '../requirements/methodRequirement.js'
import type { MethodSpec, OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Exchange } from '../transport/exchange.js'
import { candidateSenders, probeMarker, probeSenders } from './blockedSenders.js'
import { methodExtension } from './methodKinds.js'
import { senderOf, valueFreeProbe } from './valueFreeProbe.js'

/** The call beside a blocked one in a batch: it must still succeed (the batch is answered per item). */
export const ALLOWED_BESIDE = { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 } as const

/**
 * The requirement a blocked method certifies: `x-blocked.requirement` when it names one of the two
 * blocked rows, else by name (harness/requirements/methodRequirement.ts).
 */
function requirementOf(openrpc: OpenRpcSpec, method: MethodSpec): RequirementId {
  const declared = (methodExtension(openrpc, method.name, 'x-blocked') as { requirement?: RequirementId } | undefined)?.requirement
  return blockedRequirement(method.name, declared === 'BLOCKED-ACCOUNTS' || declared === 'BLOCKED-SENDTX' ? declared : undefined)
}

/**
 * Records each sender's proof that nothing changed (findings, or why it could not be told), and a note
 * when some of the state reads were sent alone because the node did not answer them inside their batch.
 */
function recordProofs(probe: Probe, verdicts: readonly LiveVerdict[], unbatched: string | null): void {
  if (unbatched !== null) probe.note(`the senders' state was read one call at a time where the node's batches did not answer it: ${unbatched}`)
  for (const verdict of verdicts) {
    probe.add(verdict.findings)
    if (verdict.inconclusive !== null) probe.inconclusive(verdict.inconclusive)
  }
}

/**
 * The checks of every method openrpc.json marks `x-blocked` whose requirement is `requirement`
 * (BLOCKED-ACCOUNTS or BLOCKED-SENDTX, each declaring its own): the call over HTTP, over WebSocket and
 * inside a batch answers an error, and (when its example names a sender) changes no state from any
 * candidate sender.
 */
export function blockedMethodChecks(openrpc: OpenRpcSpec, requirement: RequirementId): CheckDefinition[] {
  return openrpc.methods
    .filter((method) => method.blocked !== undefined && requirementOf(openrpc, method) === requirement)
    .flatMap((method) => blockedCallChecks(method))
}

/** The three checks of one blocked method. */
function blockedCallChecks(method: MethodSpec): CheckDefinition[] {
  const params = method.examples[0]?.params ?? []
  const sender = senderOf(params)
  const slug = method.name

  /**
   * The blocked call over one transport: with the example's params when they name no
   * sender, else the value-free probe from every candidate sender, each with its proof that nothing changed.
   */
  async function callFromEverySender(
    probe: Probe,
    context: RunContext,
    call: (params: unknown[]) => Promise<Exchange>,
    over: string,
    checkId: string,
  ): Promise<void> {
    if (sender === null) return probe.add(checkIsError(await call(params), `${method.name} ${over}`))
    const senders = await candidateSenders(context, sender)
    const markers = senders.map((_, place) => probeMarker(context.config.runNonce, checkId, place))
    const { answered, verdicts, unbatched } = await probeSenders(context, senders, markers, () =>
      Promise.all(senders.map((s, i) => call(valueFreeProbe(params, s, markers[i]!)))),
    )
    for (const [i, exchange] of answered.entries()) {
      probe.add(checkIsError(exchange, `${method.name} from ${senders[i]} ${over}`))
      probe.add(checkNotEvaluated(exchange, `${method.name} from ${senders[i]} ${over}`))
    }
    recordProofs(probe, verdicts, unbatched)
  }

  // From every sender: eth_accounts, the senders' state in three batches, the calls, three batches again, the blocks made meanwhile.
  // The senders include the development accounts, and so the run's own key in the full profile: a node
  // that does not refuse the call mines it from that key, and a check sending meanwhile would sign with
  // a nonce already spent (a false failure of its own requirement). So the calls take the senders' lane.
  const options = sender === null ? {} : { chain: 9, sends: true }
  return [
    {
      id: `blocked.${slug}.http`,
      title: `${method.name} over HTTP answers an error and changes no state`,
      ...options,
      run: async (probe, context) => {
        await callFromEverySender(probe, context, (p) => context.http!.call(method.name, p), 'over HTTP', `blocked.${slug}.http`)
      },
    },
    {
      id: `blocked.${slug}.ws`,
      title: `${method.name} over WebSocket answers an error and changes no state`,
      needs: { ws: true },
      ...options,
      run: async (probe, context) => {
        const ws = await context.ws()
        if (ws === null) return
        await callFromEverySender(probe, context, (p) => ws.call(method.name, p), 'over WebSocket', `blocked.${slug}.ws`)
      },
    },
    {
      id: `blocked.${slug}.batch`,
      title: `${method.name} inside a batch answers an error while the allowed call beside it succeeds`,
      ...options,
      run: async (probe, context) => {
        const senders = sender === null ? [] : await candidateSenders(context, sender)
        const markers = senders.map((_, place) => probeMarker(context.config.runNonce, `blocked.${slug}.batch`, place))
        // A batch of two per sender, ALLOWED_BESIDE and the blocked call (or one with the example's params
        // when it names no sender): a batch as small as any node takes, so no batch limit muddles the verdict.
        const blockedCalls = sender === null ? [params] : senders.map((s, i) => valueFreeProbe(params, s, markers[i]!))
        const batches = blockedCalls.map((p) => [ALLOWED_BESIDE, { jsonrpc: '2.0', method: method.name, params: p, id: 2 }])
        const { answered, verdicts, unbatched } = await probeSenders(context, senders, markers, () =>
          Promise.all(batches.map((calls) => context.http!.send(calls))),
        )
        for (const [i, batch] of answered.entries()) {
          const findings = checkBatchEnvelope(batch, batches[i]!)
          probe.add(findings)
          if (findings.length > 0) continue
          const what = `${method.name}${sender === null ? '' : ` from ${senders[i]}`} inside a batch`
          const item = { ...batch, response: batchItem(batch, 2) }
          probe.add(checkIsError(item, what))
          if (sender !== null) probe.add(checkNotEvaluated(item, what))
          if (outcomeOf({ ...batch, response: batchItem(batch, ALLOWED_BESIDE.id) }).kind !== 'result')
            probe.fail(`${ALLOWED_BESIDE.method} beside the blocked call did not answer a result`, batch)
        }
        recordProofs(probe, verdicts, unbatched)
      },
    },
  ]
}
