import type { Finding } from './finding.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'
import { boundedJson } from './boundedJson.js'
import { outcomeOf } from './outcomeOf.js'
import { validated } from './validated.js'

/** A compact rendering of a JSON-RPC error for messages. */
export function describeError(outcome: { code: unknown; message: unknown }): string {
  return `error ${boundedJson(outcome.code, 40)} ${boundedJson(outcome.message, 150)}`
}

/**
 * The exchange answered a result valid against `validate` (a method's result schema, or any schema);
 * returns the findings and the result (undefined when there is none).
 */
export function checkResult(exchange: Exchange, validate: Validate, what: string): { findings: Finding[]; value: unknown } {
  const outcome = outcomeOf(exchange)
  if (outcome.kind === 'broken') return { findings: [{ kind: 'no-answer', message: `${what}: ${outcome.reason}`, exchange }], value: undefined }
  if (outcome.kind === 'error')
    return { findings: [{ kind: 'unexpected-error', message: `${what} answered ${describeError(outcome)}, expected a result`, exchange }], value: undefined }
  const issues = validated(validate, outcome.value)
  return {
    findings: issues.slice(0, 5).map((issue): Finding => ({
      kind: 'schema-violation',
      message: `${what}: result${issue.pointer} ${issue.message}`,
      pointer: `/result${issue.pointer}`,
      exchange,
    })),
    value: outcome.value,
  }
}

/**
 * The exchange answered a well-formed JSON-RPC error (any code unless `codes` is given; JSON-RPC
 * compares codes, never message text). `why` says what should have been refused.
 */
export function checkIsError(exchange: Exchange, why: string, codes?: readonly number[]): Finding[] {
  const outcome = outcomeOf(exchange)
  if (outcome.kind === 'broken') return [{ kind: 'no-answer', message: `${why}: ${outcome.reason}`, exchange }]
  if (outcome.kind === 'result')
    return [{ kind: 'unexpected-result', message: `${why} was answered with a result (${boundedJson(outcome.value, 100)}), not an error`, exchange }]
  if (typeof outcome.code !== 'number' || !Number.isInteger(outcome.code) || typeof outcome.message !== 'string') {
    return [{ kind: 'malformed-error', message: `${why}: the error is malformed (${describeError(outcome)})`, exchange }]
  }
  if (codes !== undefined && !codes.includes(outcome.code)) {
    return [
      {
        kind: 'wrong-error-code',
        message: `${why} was answered ${describeError(outcome)}; JSON-RPC says code ${codes.join(' or ')}`,
        exchange,
        pointer: '/error/code',
        expected: codes,
        got: outcome.code,
      },
    ]
  }
  return []
}
