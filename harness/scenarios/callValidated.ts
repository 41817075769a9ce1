import type { Finding } from '../checks/finding.js'
import { checkValidAnswer } from '../requirements/RPC-STANDARD.js'
import type { RunContext } from '../run/runContext.js'
import type { Exchange } from '../transport/exchange.js'
import { specName } from '../run/undeclared.js'

/** Calls a rollup method and judges its answer against the method's result schema in openrpc.json. */
export async function callValidated(context: RunContext, name: string): Promise<{ exchange: Exchange; value: unknown; findings: Finding[] }> {
  const method = context.openrpc.method(name)
  if (method === undefined) throw new Error(`the ${specName(context)} given does not describe ${name}`)
  const exchange = await context.http!.call(name, [])
  const findings = checkValidAnswer(exchange, method.result.validate, name)
  return { exchange, value: (exchange.response as { result?: unknown } | undefined)?.result, findings }
}
