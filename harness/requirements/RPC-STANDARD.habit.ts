import type { Finding } from '../checks/finding.js'
import { checkResult } from '../checks/outcomeFindings.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import { validated } from '../checks/validated.js'
import type { ShouldSchema } from '../spec/loadOpenRpc.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'

/**
 * A result Ethereum allows (valid against the method's MUST schema) held to the narrower form the
 * result's `x-should` names (a storage word of 32 bytes), each finding saying why it is expected.
 * `judged` is false when the answer is not such a result: the MUST checks judge every other answer,
 * and a habit cannot be read from it.
 */
export function checkHabit(exchange: Exchange, validate: Validate, should: ShouldSchema, what: string): { judged: boolean; findings: Finding[] } {
  const outcome = outcomeOf(exchange)
  if (outcome.kind !== 'result' || validated(validate, outcome.value).length > 0) return { judged: false, findings: [] }
  const findings = checkResult(exchange, should.validate, what).findings
  return { judged: true, findings: findings.map((finding) => ({ ...finding, message: `${finding.message} (SHOULD: ${should.reason})` })) }
}
