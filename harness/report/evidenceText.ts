import { prettyValue } from './prettyValue.js'
import type { CheckResult } from './result.js'

/**
 * A finding as plain text (ARCHITECTURE.md: a person never needs to rerun to understand it): the
 * message, the request and response pretty-printed, and the line that reproduces the exchange.
 * The body of a junit.xml failure or note; escaping is the caller's.
 */
export function evidenceText(result: CheckResult): string {
  const parts = [result.message]
  if (result.evidence !== undefined) {
    parts.push(`request:\n${prettyValue(result.evidence.request)}`, `response:\n${prettyValue(result.evidence.response)}`)
  }
  if (result.reproduce !== undefined) parts.push(`reproduce:\n${result.reproduce}`)
  return parts.join('\n\n')
}
