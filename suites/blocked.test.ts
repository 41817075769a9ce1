import { describe } from 'vitest'
import { batchItem, checkBatchEnvelope } from '../harness/checks/envelopeFindings.js'
import { checkNotEvaluated } from '../harness/checks/checkNotEvaluated.js'
import { checkIsError } from '../harness/checks/outcomeFindings.js'
import type { Probe } from '../harness/run/certify.js'
import { check } from '../harness/run/check.js'
import { runContext, type RunContext } from '../harness/run/runContext.js'
import type { RequirementId } from '../harness/report/result.js'
import type { MethodSpec } from '../harness/spec/loadOpenRpc.js'
import { outcomeOf } from '../harness/checks/outcomeOf.js'
import { methodExtension } from './support/methodKinds.js'
import { toQuantity } from '../harness/generate/toQuantity.js'

const { openrpc } = await runContext()

/** The requirement a blocked method certifies: `x-blocked.requirement`, else by name (the requirement table's two). */
function requirementOf(method: MethodSpec): RequirementId {
  const declared = (methodExtension(openrpc, method.name, 'x-blocked') as { requirement?: RequirementId } | undefined)?.requirement
  return declared ?? (method.name === 'eth_getAccounts' ? 'BLOCKED-ACCOUNTS' : 'BLOCKED-SENDTX')
}

/** The account a blocked call names (`from` of a transaction param), whose state must not change. */
function senderOf(params: unknown[]): string | null {
  const first = params[0] as { from?: unknown } | undefined
  return typeof first?.from === 'string' ? first.from : null
}

interface AccountState { nonce: unknown; pending: unknown; balance: unknown; head: bigint }

async function accountState(context: RunContext, address: string): Promise<AccountState> {
  const http = context.http!
  const [nonce, pending, balance, head] = await Promise.all([
    http.call('eth_getTransactionCount', [address, 'latest']),
    http.call('eth_getTransactionCount', [address, 'pending']),
    http.call('eth_getBalance', [address, 'latest']),
    http.call('eth_blockNumber', []),
  ])
  const value = (e: typeof nonce): unknown => { const o = outcomeOf(e); return o.kind === 'result' ? o.value : null }
  const headHex = value(head)
  return { nonce: value(nonce), pending: value(pending), balance: value(balance), head: typeof headHex === 'string' ? BigInt(headHex) : 0n }
}

/** Proof that nothing changed: the sender's nonces and balance, and no new block carrying a transaction from it. */
async function provesNothingChanged(probe: Probe, context: RunContext, address: string, before: AccountState): Promise<void> {
  const after = await accountState(context, address)
  for (const key of ['nonce', 'pending', 'balance'] as const) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      probe.fail(`the blocked call changed state: ${address}'s ${key === 'balance' ? 'balance' : `${key} nonce`} went from ${JSON.stringify(before[key])} to ${JSON.stringify(after[key])}`)
    }
  }
  const last = after.head < before.head + 20n ? after.head : before.head + 20n
  for (let n = before.head + 1n; n <= last; n++) {
    const exchange = await context.http!.call('eth_getBlockByNumber', [toQuantity(n), true])
    const block = outcomeOf(exchange)
    const txs = block.kind === 'result' ? ((block.value as { transactions?: Array<{ from?: string }> } | null)?.transactions ?? []) : []
    if (txs.some((tx) => tx.from?.toLowerCase() === address.toLowerCase())) probe.fail(`block ${n} carries a transaction from ${address} sent through the blocked method`, exchange)
  }
}

/**
 * The probe's params, made value-free: a transaction param (one with `from`) becomes zero value, to
 * its own sender, with gas price zero and only the intrinsic gas. Against a node that does not block
 * the method it moves no funds: a fee-charging node refuses it for its price (checkNotEvaluated turns
 * that refusal into a finding), a zero-fee node mines a no-op (the nonce check sees it).
 */
function valueFree(params: unknown[]): unknown[] {
  const sender = senderOf(params)
  if (sender === null) return params
  return [{ from: sender, to: sender, value: '0x0', gas: '0x5208', gasPrice: '0x0' }, ...params.slice(1)]
}

/** BLOCKED-ACCOUNTS / BLOCKED-SENDTX for every method openrpc.json marks `x-blocked`. */
for (const method of openrpc.methods.filter((m) => m.blocked !== undefined)) {
  const requirement = requirementOf(method)
  const params = valueFree(method.examples[0]?.params ?? [])
  const sender = senderOf(params)
  const slug = method.name

  describe(`${method.name} is blocked (${method.blocked?.reason ?? ''})`, () => {
    check(
      { id: `blocked.${slug}.http`, requirement, title: `${method.name} over HTTP answers an error and changes no state` },
      {},
      async (probe, context) => {
        const before = sender === null ? null : await accountState(context, sender)
        const exchange = await context.http!.call(method.name, params)
        probe.add(checkIsError(exchange, `${method.name} over HTTP`))
        if (sender !== null) probe.add(checkNotEvaluated(exchange, `${method.name} over HTTP`))
        if (sender !== null && before !== null) await provesNothingChanged(probe, context, sender, before)
      },
    )
    check(
      { id: `blocked.${slug}.ws`, requirement, title: `${method.name} over WebSocket answers an error and changes no state` },
      { ws: true },
      async (probe, context) => {
        const ws = await context.ws()
        if (ws === null) return
        const before = sender === null ? null : await accountState(context, sender)
        const exchange = await ws.call(method.name, params)
        probe.add(checkIsError(exchange, `${method.name} over WebSocket`))
        if (sender !== null) probe.add(checkNotEvaluated(exchange, `${method.name} over WebSocket`))
        if (sender !== null && before !== null) await provesNothingChanged(probe, context, sender, before)
      },
    )
    check(
      { id: `blocked.${slug}.batch`, requirement, title: `${method.name} inside a batch answers an error while the allowed call beside it succeeds` },
      {},
      async (probe, context) => {
        const before = sender === null ? null : await accountState(context, sender)
        const calls = [
          { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 },
          { jsonrpc: '2.0', method: method.name, params, id: 2 },
        ]
        const batch = await context.http!.send(calls)
        const findings = checkBatchEnvelope(batch, calls)
        probe.add(findings)
        if (findings.length === 0) {
          probe.add(checkIsError({ ...batch, response: batchItem(batch, 2) }, `${method.name} inside a batch`))
          if (sender !== null) probe.add(checkNotEvaluated({ ...batch, response: batchItem(batch, 2) }, `${method.name} inside a batch`))
          if (outcomeOf({ ...batch, response: batchItem(batch, 1) }).kind !== 'result') probe.fail('eth_chainId beside the blocked call did not answer a result', batch)
        }
        if (sender !== null && before !== null) await provesNothingChanged(probe, context, sender, before)
      },
    )
  })
}
