import { checkNotificationUnanswered } from '../requirements/RPC-ENVELOPE.js'
import { checkHttpPost } from '../requirements/RPC-HTTP.js'
import { checkIsError, METHOD_NOT_FOUND } from '../requirements/RPC-ERRORS.js'
import { describeError } from '../checks/outcomeFindings.js'
import { basename } from 'node:path'
import { checkRangeOrder, rangeBlocks } from '../requirements/RANGE-ORDER.js'
import { RANGE_METHOD } from '../requirements/RANGE-SHAPE.js'
import { checkFullTransactions } from '../requirements/RANGE-FULLTX.js'
import { checkRestShape } from '../requirements/REST-SHAPE.js'
import { checkMethodRefused, checkNotFound, checkQueryAnswer } from '../requirements/REST-ERRORS.js'
import { checkRestSums } from '../requirements/REST-CONSISTENT.js'
import { statesSums } from '../checks/restConsistency.js'
import { blockedRequirement, requirementOfMethod } from '../requirements/methodRequirement.js'
import { typed, type Finding } from '../checks/finding.js'
import { batchItem, envelopeProblems } from '../checks/envelopeFindings.js'
import type { RequirementId } from '../report/result.js'
import type { OpenApiSpec, OperationSpec } from '../spec/loadOpenApi.js'
import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'
import type { RecordedExchange } from '../transcript/recordedExchange.js'
import { recordedEnvelopeFindings, recordedJudgement } from '../transcript/judgeRecorded.js'
import { methodExtension } from '../scenarios/methodKinds.js'
import { transactionValidator } from '../scenarios/resultSchemas.js'
import { batchItemFaults, requestFault, type RequestFault } from './requestFault.js'
import { RangePairs } from './rangePairs.js'
import { pathTemplates } from '../coverage/pathTemplates.js'

/** One requirement an exchange was judged against, and what was found (empty: it held). */
export interface JudgedPart {
  requirement: RequirementId
  findings: Finding[]
}

/** What the judges made of one live exchange. */
export interface LiveVerdict {
  parts: JudgedPart[]
  /** The client's own fault (not JSON, not a request): reported apart, never charged to the node. */
  clientFault: RequestFault | null
  /** Calls to methods the spec does not define: their answers were judged on the envelope only. */
  unknownMethods: string[]
  /** Set when the node refused the request as a whole for its limits (a batch over its size): forwarded, not judged. */
  refused?: string
}

/** Judges live traffic with the suite's own judges (ARCHITECTURE.md, the proxy). */
export interface LiveJudge {
  /** One JSON-RPC exchange (HTTP POST or a WebSocket request and its answer): `request` raw text when it was not JSON. */
  rpc(exchange: Exchange): LiveVerdict
  /** One REST exchange: the method, the path relative to the REST base, and the query string (without `?`). */
  rest(exchange: Exchange, request: { method: string; path: string; query: string }): LiveVerdict
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)
const HEX_NUMBER = /^0x[0-9a-f]{1,13}$/i

/** The exchange as a transcript holds it, for the offline judges `l2conf check` uses. */
function recorded(exchange: Exchange): RecordedExchange {
  const out: RecordedExchange = { kind: 'exchange', transport: exchange.transport, request: exchange.request, durationMs: exchange.durationMs, line: 0 }
  if (exchange.requestIsRaw === true) out.requestIsRaw = true
  if (exchange.response !== undefined) out.response = exchange.response
  if (exchange.rawResponse !== undefined) out.rawResponse = exchange.rawResponse
  if (exchange.httpStatus !== undefined) out.httpStatus = exchange.httpStatus
  if (exchange.failure !== undefined) out.failure = exchange.failure
  return out
}

/** Findings of the offline judges, typed and tied to the live exchange (they carry the recorded copy's). */
function tied(findings: ReturnType<typeof recordedEnvelopeFindings>, exchange: Exchange): Finding[] {
  return findings.map((finding) => ({ ...typed(finding), exchange }))
}

/**
 * RPC-HTTP of an answer over HTTP that carries results: the status and content type checkHttpPost
 * asks of a plain POST (its judgement of eth_chainId's result is not this call's). WebSocket answers have neither.
 */
function httpFindings(exchange: Exchange): Finding[] {
  if (exchange.transport !== 'http') return []
  return checkHttpPost(exchange).filter((f) => f.kind === 'wrong-http-status' || f.kind === 'wrong-content-type')
}

/**
 * The live judge over the run's specs: every rule it applies is a judge of the suite
 * (`l2conf check`'s recordedJudgement for the envelope, result schemas, blocked methods and error
 * shapes; RANGE-ORDER's and RANGE-FULLTX's judges; REST-SHAPE's, REST-ERRORS' and REST-CONSISTENT's);
 * this module only decides which judge an exchange goes to and which requirement it answers for.
 */
export function createLiveJudge(specs: { openrpc: OpenRpcSpec; openapi: OpenApiSpec }): LiveJudge {
  const { openrpc, openapi } = specs
  const pairs = new RangePairs()
  const validateTx: Validate = transactionValidator(openrpc) ?? (() => [])
  const blockedRequirements = new Map<string, RequirementId>()
  for (const method of openrpc.methods)
    if (method.blocked !== undefined) {
      const declared = (methodExtension(openrpc, method.name, 'x-blocked') as { requirement?: RequirementId } | undefined)?.requirement
      blockedRequirements.set(method.name, blockedRequirement(method.name, declared))
    }
  const templates = pathTemplates(openapi.operations.map((operation) => operation.path))

  /** One call with an id and its sound answer: the method's own requirement, and the range rules. */
  const judgeCall = (call: Record<string, unknown>, exchange: Exchange, unknownMethods: string[]): JudgedPart[] => {
    const name = call.method as string
    const method = openrpc.method(name)
    if (method === undefined) {
      unknownMethods.push(name)
      return []
    }
    const own = blockedRequirements.get(name) ?? requirementOfMethod(name)
    const findings = tied(recordedJudgement(recorded(exchange), openrpc).findings, exchange)
    // An error is judged for its shape only (whether the params deserved one is the suite's question), but
    // "method not found" for a method the spec documents on this transport, among errors it does not list
    // for it, says the node does not serve it.
    const answer = exchange.response
    const error = isObject(answer) && isObject(answer.error) ? answer.error : undefined
    const documented = method.errors.some((e) => e.code === METHOD_NOT_FOUND) // eth_subscribe's for a kind of event it lacks
    if (error?.code === METHOD_NOT_FOUND && !documented && method.blocked === undefined && method.transports.includes(exchange.transport))
      findings.push({
        kind: 'unexpected-error',
        message: `${name} answered ${describeError({ code: error.code, message: error.message })} (method not found), but ${basename(openrpc.file)} documents it over ${exchange.transport === 'ws' ? 'WebSocket' : 'HTTP'}`,
        pointer: '/error/code',
        exchange,
      })
    const parts: JudgedPart[] = [{ requirement: own, findings }]
    if (name === RANGE_METHOD) parts.push(...judgeRange(call, exchange))
    return parts
  }

  /** eth_getBlockRange given two numbers: RANGE-ORDER on its own, RANGE-FULLTX once the other form of the range went by. */
  const judgeRange = (call: Record<string, unknown>, exchange: Exchange): JudgedPart[] => {
    const params = Array.isArray(call.params) ? call.params : []
    const [start, end, full] = params
    if (typeof start !== 'string' || typeof end !== 'string' || !HEX_NUMBER.test(start) || !HEX_NUMBER.test(end)) return []
    const first = Number.parseInt(start, 16)
    const last = Number.parseInt(end, 16)
    const read = rangeBlocks(exchange, RANGE_METHOD)
    // An error (a reversed or oversized range) is RANGE-INVALID's question, asked by the suite with what it knows.
    if (!('blocks' in read) || first > last) return []
    const parts: JudgedPart[] = [{ requirement: 'RANGE-ORDER', findings: checkRangeOrder(exchange, read.blocks, first, last) }]
    if (typeof full === 'boolean') {
      const pair = pairs.offer(first, last, full, { exchange, blocks: read.blocks })
      if (pair !== null) parts.push({ requirement: 'RANGE-FULLTX', findings: checkFullTransactions(pair.hashes, pair.full, validateTx) })
    }
    return parts
  }

  const rpc = (exchange: Exchange): LiveVerdict => {
    const request = exchange.request
    const unknownMethods: string[] = []
    const fault = requestFault(request, exchange.requestIsRaw === true)
    if (fault !== null)
      // The node's answer to the client's mistake: the code JSON-RPC names for it.
      return {
        parts: [{ requirement: 'RPC-ERRORS', findings: checkIsError(exchange, `a request that is ${fault.reason}`, [fault.code]) }],
        clientFault: fault,
        unknownMethods,
      }
    if (!Array.isArray(request)) {
      const call = request as Record<string, unknown>
      if (!Object.hasOwn(call, 'id'))
        return { parts: [{ requirement: 'RPC-ENVELOPE', findings: checkNotificationUnanswered(exchange) }], clientFault: null, unknownMethods }
      const envelope = tied(recordedEnvelopeFindings(recorded(exchange)), exchange)
      const parts: JudgedPart[] = [{ requirement: 'RPC-ENVELOPE', findings: envelope }]
      const answered = isObject(exchange.response) && Object.hasOwn(exchange.response, 'result')
      if (answered) parts.push({ requirement: 'RPC-HTTP', findings: httpFindings(exchange) })
      if (envelope.length === 0) parts.push(...judgeCall(call, exchange, unknownMethods))
      return { parts, clientFault: null, unknownMethods }
    }
    const faults = batchItemFaults(request)
    const calls = request.filter((item, index) => !faults.some((f) => f.index === index) && isObject(item) && Object.hasOwn(item, 'id')) as Array<
      Record<string, unknown>
    >
    if (calls.length === 0 && faults.length === 0)
      return { parts: [{ requirement: 'RPC-ENVELOPE', findings: checkNotificationUnanswered(exchange) }], clientFault: null, unknownMethods }
    const parts: JudgedPart[] = []
    // A batch refused as a whole (one error, id null: a batch over the node's limit, as openrpc.json allows) is the limits' business.
    const whole = exchange.response
    if (isObject(whole) && whole.id === null && isObject(whole.error) && envelopeProblems(whole, null).length === 0)
      return {
        parts,
        clientFault: null,
        unknownMethods,
        refused: `a batch of ${request.length} refused as a whole (error ${JSON.stringify(whole.error.code)})`,
      }
    if (faults.length === 0) {
      // A batch answered with items short, extra or not an array is RPC-HTTP's (batches answered per item); an item
      // answering an id no request had, while one went unanswered, is an id echoed wrongly: RPC-ENVELOPE's, as the run judges it.
      const envelope = tied(recordedEnvelopeFindings(recorded(exchange)), exchange)
      const ids = calls.map((call) => call.id)
      const answers = Array.isArray(exchange.response) ? exchange.response : []
      const misnumbered = answers.some((item) => isObject(item) && item.id !== null && item.id !== undefined && !ids.includes(item.id))
      const batchLevel = (f: Finding): boolean => f.kind === 'batch-mismatch' && !misnumbered
      parts.push({ requirement: 'RPC-ENVELOPE', findings: envelope.filter((f) => !batchLevel(f)) })
      parts.push({ requirement: 'RPC-HTTP', findings: [...envelope.filter(batchLevel), ...(Array.isArray(exchange.response) ? httpFindings(exchange) : [])] })
      if (envelope.length > 0) return { parts, clientFault: null, unknownMethods }
    }
    // Each call answered in the batch, judged as if alone (a batch with invalid items: only the valid ones, found by id).
    for (const call of calls) {
      const answer = batchItem(exchange, call.id)
      if (answer === undefined) {
        if (faults.length > 0)
          parts.push({
            requirement: 'RPC-HTTP',
            findings: [{ kind: 'batch-mismatch', message: `the batch has no answer for id ${JSON.stringify(call.id)}`, exchange }],
          })
        continue
      }
      const alone: Exchange = { ...exchange, request: call, response: answer }
      if (faults.length > 0) {
        const envelope = tied(recordedEnvelopeFindings(recorded(alone)), exchange)
        parts.push({ requirement: 'RPC-ENVELOPE', findings: envelope })
        if (envelope.length > 0) continue
      }
      parts.push(...judgeCall(call, alone, unknownMethods).map((part) => ({ ...part, findings: part.findings.map((f) => ({ ...f, exchange })) })))
    }
    const clientFault: RequestFault | null =
      faults.length === 0 ? null : { kind: 'invalid-request', code: -32600, reason: faults.map((f) => `batch item ${f.index}: ${f.reason}`).join('; ') }
    return { parts, clientFault, unknownMethods: [...new Set(unknownMethods)] }
  }

  const rest = (exchange: Exchange, request: { method: string; path: string; query: string }): LiveVerdict => {
    const verdict = (parts: JudgedPart[]): LiveVerdict => ({ parts, clientFault: null, unknownMethods: [] })
    const template = templates.match(request.path)
    const method = request.method.toUpperCase()
    if (template === undefined) return verdict(method === 'GET' ? [{ requirement: 'REST-ERRORS', findings: checkNotFound(exchange, request.path) }] : [])
    const operation = openapi.operations.find((op) => op.path === template && op.method === method.toLowerCase())
    if (operation === undefined)
      return verdict(
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)
          ? [{ requirement: 'REST-ERRORS', findings: checkMethodRefused(exchange, method, request.path) }]
          : [],
      )
    if (operation.method !== 'get') return verdict([])
    return verdict(judgeGet(exchange, operation, request.path, request.query))
  }

  /** A GET of a documented path: its shape (when it needs no query, or answered 200), no 5xx, an invalid query refused, its sums. */
  const judgeGet = (exchange: Exchange, operation: OperationSpec, path: string, queryText: string): JudgedPart[] => {
    const query = Object.fromEntries(new URLSearchParams(queryText))
    const parts: JudgedPart[] = []
    const queried = Object.keys(query).length > 0
    if (queried) {
      const params = operation.parameters.filter((p) => p.in === 'query')
      const invalid = Object.entries(query).some(([name, value]) => {
        const param = params.find((p) => p.name === name)
        return param !== undefined && param.validate(value).length > 0
      })
      // The judge names the run's seed to replay a generated query; live traffic has none to name.
      const findings = checkQueryAnswer(exchange, path, query, invalid ? 'invalid' : 'valid', 0).map((f) => ({
        ...f,
        message: f.message.replace(/ \(seed 0\)$/, ''),
      }))
      parts.push({ requirement: 'REST-ERRORS', findings })
    }
    if (!queried || exchange.httpStatus === 200) {
      parts.push({ requirement: 'REST-SHAPE', findings: checkRestShape(exchange, operation.responses['200']?.validate, `GET ${path}`) })
      if (statesSums(operation.responses['200']?.schema)) parts.push({ requirement: 'REST-CONSISTENT', findings: checkRestSums(exchange, path) })
    }
    return parts
  }

  return { rpc, rest }
}
