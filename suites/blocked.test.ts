import { describe } from 'vitest'
import { batchItem, checkBatchEnvelope } from '../harness/checks/envelopeFindings.js'
import type { Probe } from '../harness/run/certify.js'
import { check } from '../harness/run/check.js'
import { runContext, type RunContext } from '../harness/run/runContext.js'
import type { RequirementId } from '../harness/report/result.js'
import type { MethodSpec } from '../harness/spec/loadOpenRpc.js'
import type { Exchange } from '../harness/transport/exchange.js'
import { outcomeOf } from '../harness/checks/outcomeOf.js'
import { methodExtension } from './support/methodKinds.js'
import { toQuantity } from '../harness/generate/toQuantity.js'
import { ALLOWED_BESIDE } from '../harness/requirements/BLOCKED-ACCOUNTS.js'
import {
  accountStateOf, blocksToSearch, checkIsError, checkNotEvaluated, checkNoTransactionFrom, checkStateUnchanged, senderOf, valueFree, type AccountState,
} from '../harness/requirements/BLOCKED-SENDTX.js'

const { openrpc } = await runContext()

/** The requirement a blocked method certifies: `x-blocked.requirement`, else by name (the requirement table's two). */
function requirementOf(method: MethodSpec): RequirementId {
  const declared = (methodExtension(openrpc, method.name, 'x-blocked') as { requirement?: RequirementId } | undefined)?.requirement
  return declared ?? (method.name === 'eth_getAccounts' ? 'BLOCKED-ACCOUNTS' : 'BLOCKED-SENDTX')
}

async function accountState(context: RunContext, address: string): Promise<AccountState> {
  const http = context.http!
  const [nonce, pending, balance, head] = await Promise.all([
    http.call('eth_getTransactionCount', [address, 'latest']),
    http.call('eth_getTransactionCount', [address, 'pending']),
    http.call('eth_getBalance', [address, 'latest']),
    http.call('eth_blockNumber', []),
  ])
  return accountStateOf({ nonce, pending, balance, head })
}

/** Proof that nothing changed: the sender's nonces and balance, and no new block carrying a transaction from it. */
async function provesNothingChanged(probe: Probe, context: RunContext, address: string, before: AccountState): Promise<void> {
  const after = await accountState(context, address)
  probe.add(checkStateUnchanged(address, before, after))
  for (const n of blocksToSearch(before, after)) probe.add(checkNoTransactionFrom(await context.http!.call('eth_getBlockByNumber', [toQuantity(n), true]), address))
}

/** BLOCKED-ACCOUNTS / BLOCKED-SENDTX for every method openrpc.json marks `x-blocked`. */
for (const method of openrpc.methods.filter((m) => m.blocked !== undefined)) {
  const requirement = requirementOf(method)
  const params = valueFree(method.examples[0]?.params ?? [])
  const sender = senderOf(params)
  const slug = method.name

  /** The blocked call over one transport: an error, not one that shows the node weighed it, and no state changed. */
  const refusedOver = async (probe: Probe, context: RunContext, transport: 'HTTP' | 'WebSocket', call: (method: string, params: unknown[]) => Promise<Exchange>): Promise<void> => {
    const before = sender === null ? null : await accountState(context, sender)
    const exchange = await call(method.name, params)
    probe.add(checkIsError(exchange, `${method.name} over ${transport}`))
    if (sender !== null) probe.add(checkNotEvaluated(exchange, `${method.name} over ${transport}`))
    if (sender !== null && before !== null) await provesNothingChanged(probe, context, sender, before)
  }

  describe(`${method.name} is blocked (${method.blocked?.reason ?? ''})`, () => {
    check(
      { id: `blocked.${slug}.http`, requirement, title: `${method.name} over HTTP answers an error and changes no state` },
      {},
      async (probe, context) => refusedOver(probe, context, 'HTTP', (name, p) => context.http!.call(name, p)),
    )
    check(
      { id: `blocked.${slug}.ws`, requirement, title: `${method.name} over WebSocket answers an error and changes no state` },
      { ws: true },
      async (probe, context) => {
        const ws = await context.ws()
        if (ws !== null) await refusedOver(probe, context, 'WebSocket', (name, p) => ws.call(name, p))
      },
    )
    check(
      { id: `blocked.${slug}.batch`, requirement, title: `${method.name} inside a batch answers an error while the allowed call beside it succeeds` },
      {},
      async (probe, context) => {
        const before = sender === null ? null : await accountState(context, sender)
        const calls = [ALLOWED_BESIDE, { jsonrpc: '2.0', method: method.name, params, id: 2 }]
        const batch = await context.http!.send(calls)
        const findings = checkBatchEnvelope(batch, calls)
        probe.add(findings)
        if (findings.length === 0) {
          const blocked = { ...batch, response: batchItem(batch, 2) }
          probe.add(checkIsError(blocked, `${method.name} inside a batch`))
          if (sender !== null) probe.add(checkNotEvaluated(blocked, `${method.name} inside a batch`))
          if (outcomeOf({ ...batch, response: batchItem(batch, ALLOWED_BESIDE.id) }).kind !== 'result') probe.fail(`${ALLOWED_BESIDE.method} beside the blocked call did not answer a result`, batch, undefined, 'unexpected-error')
        }
        if (sender !== null && before !== null) await provesNothingChanged(probe, context, sender, before)
      },
    )
  })
}
