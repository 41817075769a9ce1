import { checkBatchEnvelope, checkEnvelope } from '../checks/envelopeFindings.js'
import { checkIsError, checkResult } from '../checks/outcomeFindings.js'
import type { UntypedFinding } from '../checks/finding.js'
import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Exchange } from '../transport/exchange.js'
import type { RequirementId } from '../report/result.js'
import type { RecordedExchange } from './recordedExchange.js'

/** A recorded exchange as the judges take it (an Exchange with no address). */
export function asExchange(recorded: RecordedExchange): Exchange {
  const exchange: Exchange = { transport: recorded.transport, url: '', request: recorded.request, startedAt: recorded.at ?? 0, durationMs: recorded.durationMs }
  if (recorded.protocol !== undefined) exchange.protocol = recorded.protocol
  if (recorded.requestIsRaw === true) exchange.requestIsRaw = true
  if (recorded.response !== undefined) exchange.response = recorded.response
  if (recorded.rawResponse !== undefined) exchange.rawResponse = recorded.rawResponse
  if (recorded.httpStatus !== undefined) exchange.httpStatus = recorded.httpStatus
  if (recorded.failure !== undefined) exchange.failure = recorded.failure
  return exchange
}

// One map from a method to its requirement, shared with the suites.
export { requirementOfMethod } from '../requirements/methodRequirement.js'

function methodName(request: unknown): string | undefined {
  const method = (request as { method?: unknown } | null)?.method
  return typeof method === 'string' ? method : undefined
}

/** One call judged against its method in openrpc.json; `errorShape` when its answer was an error, judged for its shape only. */
function judgeOne(request: unknown, response: Exchange, spec: OpenRpcSpec): { findings: UntypedFinding[]; errorShape: boolean } {
  const name = methodName(request)
  const method = name === undefined ? undefined : spec.methods.find((m) => m.name === name)
  if (method === undefined) return { findings: [], errorShape: false }
  if (method.blocked !== undefined) return { findings: checkIsError(response, `${method.name} (x-blocked)`), errorShape: false }
  const answer = response.response
  // An error is judged for its shape only: whether the params deserved one is the suite's question.
  if (answer !== null && typeof answer === 'object' && Object.hasOwn(answer, 'error'))
    return { findings: checkIsError(response, method.name), errorShape: true }
  return { findings: checkResult(response, method.result.validate, method.name).findings, errorShape: false }
}

/** RPC-ENVELOPE for one recorded JSON-RPC exchange (JSON-RPC 2.0 sections 5 and 6): empty when the envelope is sound. */
export function recordedEnvelopeFindings(recorded: RecordedExchange): UntypedFinding[] {
  if (recorded.protocol === 'rest' || recorded.requestIsRaw === true) return []
  const exchange = asExchange(recorded)
  const request = recorded.request
  // An empty batch is one invalid request: JSON-RPC 2.0 section 6 answers it with a single error, id null.
  // A batch item that is not an object (a fixture may hold anything) expects an answer with no id of its own.
  if (Array.isArray(request) && request.length > 0)
    return checkBatchEnvelope(
      exchange,
      request.map((item) => (item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as { id?: unknown }) : {})),
    )
  return checkEnvelope(exchange, Array.isArray(request) ? null : (request as { id?: unknown } | null)?.id)
}

/**
 * What a recorded exchange was judged against, so that a count of passed exchanges can say what
 * their passing means:
 * - `spec`: every call's method is in openrpc.json: each answer judged against its method (a result
 *   against the result schema, an error for its shape, a blocked method for answering an error);
 * - `envelope`: a call's method is not in openrpc.json (or it names none): that call is judged on
 *   the JSON-RPC envelope only;
 * - `none`: not judged here: a REST exchange, or a request that is not JSON (their checks judge them).
 */
export type JudgedBasis = 'spec' | 'envelope' | 'none'

/** One recorded exchange judged offline, with what it was judged against. */
export interface RecordedJudgement {
  findings: UntypedFinding[]
  basis: JudgedBasis
  /** The methods of the exchange that openrpc.json lacks, judged on the envelope only. */
  unknownMethods: string[]
  /** Calls to a method of openrpc.json answered with an error, judged for the error's shape only. */
  errorAnswers: number
}

/**
 * Judges one recorded JSON-RPC exchange against openrpc.json, offline, with the suite's judges
 * (execution-apis fixtures, `l2conf replay`): the envelope (recordedEnvelopeFindings), then a
 * result against the method's result schema, an error for its shape (an integer code, a string
 * message) and a blocked method (`x-blocked`) for answering an error. A method openrpc.json does
 * not define is judged for its envelope only, and the judgement says so (`basis`).
 */
export function recordedJudgement(recorded: RecordedExchange, spec: OpenRpcSpec): RecordedJudgement {
  if (recorded.protocol === 'rest' || recorded.requestIsRaw === true) return { findings: [], basis: 'none', unknownMethods: [], errorAnswers: 0 }
  const envelope = recordedEnvelopeFindings(recorded)
  const request = recorded.request
  const calls: unknown[] = Array.isArray(request) ? request : [request]
  const unknown = calls.filter((call) => {
    const name = methodName(call)
    return name === undefined || !spec.methods.some((m) => m.name === name)
  })
  const unknownMethods = [...new Set(unknown.flatMap((call) => methodName(call) ?? []))]
  const basis: JudgedBasis = calls.length > 0 && unknown.length === 0 ? 'spec' : 'envelope'
  if (envelope.length > 0) return { findings: envelope, basis, unknownMethods, errorAnswers: 0 }
  const exchange = asExchange(recorded)
  const judged = Array.isArray(request)
    ? request.flatMap((item) => {
        const id = (item as { id?: unknown } | null)?.id
        const answers = Array.isArray(exchange.response) ? (exchange.response as Array<{ id?: unknown }>) : []
        const answer = answers.find((a) => a !== null && typeof a === 'object' && a.id === id)
        return answer === undefined ? [] : [judgeOne(item, { ...exchange, response: answer }, spec)]
      })
    : [judgeOne(request, exchange, spec)]
  return { findings: judged.flatMap((one) => one.findings), basis, unknownMethods, errorAnswers: judged.filter((one) => one.errorShape).length }
}

/** The findings of recordedJudgement: what is wrong with one recorded exchange, judged offline against openrpc.json. */
export function judgeRecorded(recorded: RecordedExchange, spec: OpenRpcSpec): UntypedFinding[] {
  return recordedJudgement(recorded, spec).findings
}
