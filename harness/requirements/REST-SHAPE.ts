import { boundedText } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import { validated } from '../checks/validated.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'
import type { CheckDefinition, DeclarationScope } from '../run/registry.js'
import { getOperations, restGet } from '../scenarios/restGet.js'

/** REST-SHAPE: each treasury path answers its documented body. */
export const row = requirement({
  id: 'REST-SHAPE',
  level: 'MUST',
  text: 'each path in openapi.yaml: 200, JSON content type, body valid against its schema',
  section: '2.4 and 4.4',
})

/** A JSON media type: application/json or any application/...+json. */
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i

/**
 * One GET of a documented path: HTTP 200, a JSON content type, a JSON body valid against the 200
 * response schema (`validate`; undefined when openapi.yaml gives none, a problem of the spec).
 */
export function checkRestShape(exchange: Exchange, validate: Validate | undefined, what: string): Finding[] {
  if (exchange.failure !== undefined) {
    // An answer that came but was refused unread (too deep, too wide, too large) says so, with its status.
    const got = exchange.httpStatus === undefined ? 'no answer' : `HTTP ${exchange.httpStatus}, body refused`
    return [{ kind: 'no-answer', message: `${what}: ${got}: ${exchange.failure.message}`, exchange }]
  }
  if (exchange.httpStatus !== 200)
    return [
      {
        kind: 'wrong-http-status',
        message: `${what} answered HTTP ${exchange.httpStatus ?? '?'}, expected 200`,
        exchange,
        expected: 200,
        got: exchange.httpStatus,
      },
    ]
  const findings: Finding[] = []
  const type = exchange.headers?.['content-type'] ?? ''
  if (!JSON_TYPE.test(type))
    findings.push({ kind: 'wrong-content-type', message: `${what}: content type ${JSON.stringify(type)}, expected JSON`, exchange, got: type })
  if (validate === undefined) return [...findings, { kind: 'spec-problem', message: `openapi.yaml gives ${what.replace(/^GET /, '')} no 200 response schema` }]
  if (exchange.response === undefined)
    return [...findings, { kind: 'no-answer', message: `${what}: the body is not JSON: ${boundedText(exchange.rawResponse ?? '', 100)}`, exchange }]
  for (const issue of validated(validate, exchange.response).slice(0, 5))
    findings.push({ kind: 'schema-violation', message: `${what}: body${issue.pointer} ${issue.message}`, exchange, pointer: issue.pointer })
  return findings
}

/** REST-SHAPE's checks: one per GET path of openapi.yaml. */
export function checks({ openapi }: DeclarationScope): CheckDefinition[] {
  return getOperations(openapi).map((operation) => ({
    id: `rest.${operation.path}.shape`,
    title: `GET ${operation.path}: 200, JSON content type, body valid against its schema`,
    needs: { rest: true },
    run: async (probe, context) =>
      probe.add(checkRestShape(await restGet(context, operation.path), operation.responses['200']?.validate, `GET ${operation.path}`)),
  }))
}
