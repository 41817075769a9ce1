import type { CheckBody, CheckNeeds, CheckOptions, DeclareCheck, SuiteScope } from '../../harness/run/registry.js'
import type { CheckSpec } from '../../harness/run/certify.js'
import { lacking, leaveOut } from '../../harness/run/undeclared.js'

/**
 * `check`, declaring only while the spec describes every method of `methods`; otherwise the checks it
 * is given are recorded as left out, with the reason (leftOutChecks).
 */
export function whenDescribed(check: DeclareCheck, scope: Pick<SuiteScope, 'config' | 'openrpc'>, methods: readonly string[]): DeclareCheck {
  const reason = lacking(scope, methods)
  if (reason === null) return check
  return (spec: CheckSpec, _needs: CheckNeeds, _body: CheckBody, _options?: CheckOptions) => leaveOut(scope.openrpc, spec.id, reason)
}
