import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { ErrorCode, RpcError } from '../rpc/rpcError.js'
import type { CallContext, MethodHandler, MethodTable } from '../rpc/methodTable.js'
import { responseTooLarge } from '../rpc/responseTooLarge.js'
import { encodeError, encodeResult, exceedsBytes, joinBatch, jsonBytes, type JsonRpcErrorObject, type JsonRpcId, type JsonText } from './jsonRpcResponse.js'
import { limits } from './limits.js'

/**
 * Answers JSON-RPC 2.0 payloads (one HTTP body or one WebSocket message) from a method table. The same
 * dispatcher serves both transports, so an answer never depends on how the request travelled.
 */
export interface JsonRpcDispatcher {
  /**
   * Answers one payload: the response text, or undefined when nothing is to be sent back (a
   * notification, or a batch of notifications only). `overrides` are looked up before the node's
   * methods: the transports put their own eth_subscribe/eth_unsubscribe there.
   */
  handle(text: string, context: CallContext, overrides?: MethodTable): Promise<JsonText | undefined>
  /**
   * The same answer as `handle`, given at once when it can be: a single request whose method answers
   * without awaiting anything (a block, the chain id...) is answered synchronously, without the
   * promises `handle` goes through; anything else is a promise. For the HTTP transport, where a
   * request's own overhead is what a small answer costs.
   */
  answer(text: string, context: CallContext, overrides?: MethodTable): JsonText | undefined | Promise<JsonText | undefined>
}

export interface DispatcherOptions {
  methods: MethodTable
  /** Where unexpected handler failures are logged (their stack never goes to the client). */
  log?: (message: string) => void
  maxBatchItems?: number
  /** What a batch's eth_call / eth_estimateGas items may execute together, in milliseconds. */
  batchExecutionMs?: number
  /** Largest response body (one answer, or a batch's answers together), in bytes. */
  maxResponseBytes?: number
}

/** One answer of a payload: its id and its text. */
interface Answered {
  id: JsonRpcId
  text: JsonText
}

/** A batch yields to the event loop between items once it has held it this long (milliseconds). */
const BATCH_SLICE_MS = 10

const INTERNAL_ERROR: JsonRpcErrorObject = { code: ErrorCode.internal, message: 'internal error' }

/** JSON-RPC 2.0 sections 4-6: single requests, notifications, batches and the error objects for each. */
export function createJsonRpcDispatcher(options: DispatcherOptions): JsonRpcDispatcher {
  const { methods } = options
  const log = options.log ?? ((message: string) => console.error(message))
  const maxBatchItems = options.maxBatchItems ?? limits.maxBatchItems
  const batchExecutionMs = options.batchExecutionMs ?? limits.batchExecutionMs
  const maxResponseBytes = options.maxResponseBytes ?? limits.maxResponseBytes
  const tooLarge = responseTooLarge(maxResponseBytes).toJSON()

  function invalid(id: JsonRpcId, message: string): string {
    return encodeError(id, { code: ErrorCode.invalidRequest, message })
  }

  /** Encodes a handler's result; a result that cannot be encoded (a bigint, a cycle) becomes -32603. */
  function encodeResultSafely(id: JsonRpcId, method: string, result: unknown): JsonText {
    try {
      return encodeResult(id, result)
    } catch (error) {
      log(`rpc: cannot encode the answer to ${method}: ${describe(error)}`)
      return encodeError(id, INTERNAL_ERROR)
    }
  }

  /** Encodes an error object; one that cannot be encoded (its `data`) becomes -32603. */
  function encodeErrorSafely(id: JsonRpcId, method: string, error: JsonRpcErrorObject): JsonText {
    try {
      return encodeError(id, error)
    } catch (cause) {
      log(`rpc: cannot encode the answer to ${method}: ${describe(cause)}`)
      return encodeError(id, INTERNAL_ERROR)
    }
  }

  /** A handler's failure as the error object to answer: its own RpcError, or -32603 (logged). */
  function failure(method: string, error: unknown): JsonRpcErrorObject {
    if (error instanceof RpcError) return error.toJSON()
    log(`rpc: ${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    return INTERNAL_ERROR
  }

  /**
   * Encodes a call's result; a notification (no id) gets nothing. Results and errors have their own
   * functions, so the hot path (a result) allocates no outcome object and no closure.
   */
  function settleResult(hasId: boolean, id: JsonRpcId, method: string, result: unknown): JsonText | undefined {
    // A notification is executed but never answered, not even with an error (section 4.1).
    return hasId ? encodeResultSafely(id, method, result) : undefined
  }

  /** Encodes a call's failure; a notification gets nothing. */
  function settleError(hasId: boolean, id: JsonRpcId, method: string, error: JsonRpcErrorObject): JsonText | undefined {
    return hasId ? encodeErrorSafely(id, method, error) : undefined
  }

  /**
   * Runs a handler: its answer at once when it answered synchronously (or threw), else a promise of it.
   */
  function call(
    handler: MethodHandler,
    method: string,
    params: unknown,
    context: CallContext,
    hasId: boolean,
    id: JsonRpcId,
  ): JsonText | undefined | Promise<JsonText | undefined> {
    let result: unknown
    try {
      result = handler(params, context)
    } catch (error) {
      return settleError(hasId, id, method, failure(method, error))
    }
    if (!isThenable(result)) return settleResult(hasId, id, method, result)
    return Promise.resolve(result).then(
      (value) => settleResult(hasId, id, method, value),
      (error: unknown) => settleError(hasId, id, method, failure(method, error)),
    )
  }

  /** Answers one request object (or what stands in its place in a batch). */
  async function handleItem(item: unknown, context: CallContext, overrides: MethodTable | undefined): Promise<Answered | undefined> {
    const text = await answerItem(item, context, overrides)
    return text === undefined ? undefined : { id: answerId(item) ?? null, text }
  }

  function answerItem(item: unknown, context: CallContext, overrides: MethodTable | undefined): JsonText | undefined | Promise<JsonText | undefined> {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return invalid(null, 'invalid request: expected a request object')
    }
    const request = item as Record<string, unknown>
    const hasId = Object.hasOwn(request, 'id')
    const rawId = request['id']
    if (hasId && !isValidId(rawId)) return invalid(null, 'invalid request: "id" must be a string, a number or null')
    const id = hasId ? (rawId as JsonRpcId) : null
    if (request['jsonrpc'] !== '2.0') return invalid(id, 'invalid request: "jsonrpc" must be exactly "2.0"')
    const method = request['method']
    if (typeof method !== 'string') return invalid(id, 'invalid request: "method" must be a string')
    const params = request['params']
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      return invalid(id, 'invalid request: "params" must be an array or an object')
    }

    const handler = overrides?.get(method) ?? methods.get(method)
    if (handler === undefined) {
      if (!hasId) return undefined
      return encodeError(id, { code: ErrorCode.methodNotFound, message: `the method ${method} does not exist/is not available` })
    }
    return call(handler, method, params, context, hasId, id)
  }

  /**
   * The context of a single request: the transport's, with the whole response bound left. Made once
   * per transport context (HTTP has one for every request), not once per request.
   */
  function singleContext(context: CallContext): CallContext {
    let single = singleContexts.get(context)
    if (single === undefined) {
      single = Object.freeze({ ...context, responseBytes: Object.freeze({ max: maxResponseBytes, left: maxResponseBytes }) })
      singleContexts.set(context, single)
    }
    return single
  }
  const singleContexts = new WeakMap<CallContext, CallContext>()

  /** One request object's answer, checked against the response bound (a single request, not a batch). */
  function bounded(item: unknown, text: JsonText | undefined): JsonText | undefined {
    if (text === undefined) return undefined
    return exceedsBytes(text, maxResponseBytes) ? encodeError(answerId(item) ?? null, tooLarge) : text
  }

  function answer(text: string, context: CallContext, overrides?: MethodTable): JsonText | undefined | Promise<JsonText | undefined> {
    let payload: unknown
    try {
      payload = JSON.parse(text)
    } catch {
      // Malformed JSON, and JSON nested too deeply to parse (a RangeError), are both parse errors.
      return encodeError(null, { code: ErrorCode.parseError, message: 'parse error' })
    }
    if (Array.isArray(payload)) return handleBatch(payload, context, overrides)
    const answered = answerItem(payload, singleContext(context), overrides)
    return isThenable(answered) ? Promise.resolve(answered).then((settled) => bounded(payload, settled)) : bounded(payload, answered)
  }

  async function handleBatch(payload: unknown[], context: CallContext, overrides: MethodTable | undefined): Promise<JsonText | undefined> {
    if (payload.length === 0) return invalid(null, 'invalid request: empty batch')
    if (payload.length > maxBatchItems) return invalid(null, `batch too large (max ${maxBatchItems})`)
    // Items run one after another, in order, like l2geth: a batch that sends two transactions from
    // one account must see the first before the second. Their EVM work shares one deadline, and
    // between items the batch lets other clients' requests run, so a batch is never a freeze.
    // The answers together stay within maxResponseBytes (brackets and commas counted): the item
    // whose answer would pass it, and every item after it, answer "response too large" instead, and
    // those after it are not executed (geth's BatchResponseMaxSize).
    const batchExecution = { ms: batchExecutionMs, deadline: performance.now() + batchExecutionMs }
    const answers: JsonText[] = []
    let used = 2
    let sliceStart = performance.now()
    for (let index = 0; index < payload.length; index++) {
      if (performance.now() - sliceStart >= BATCH_SLICE_MS) {
        await yieldToEventLoop()
        sliceStart = performance.now()
      }
      const separator = answers.length === 0 ? 0 : 1
      const left = maxResponseBytes - used - separator
      const answer = await handleItem(payload[index], { ...context, batchExecution, responseBytes: { max: maxResponseBytes, left } }, overrides)
      if (answer === undefined) continue
      const bytes = jsonBytes(answer.text)
      if (bytes > left) {
        for (const rest of payload.slice(index)) {
          const id = answerId(rest)
          if (id !== undefined) answers.push(encodeError(id, tooLarge))
        }
        break
      }
      answers.push(answer.text)
      used += separator + bytes
    }
    return answers.length === 0 ? undefined : joinBatch(answers)
  }

  return {
    async handle(text, context, overrides) {
      return answer(text, context, overrides)
    },
    answer,
  }
}

function isValidId(id: unknown): boolean {
  return id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))
}

/**
 * The id an item's answer carries: its own (a request), null (no request object, or an invalid id),
 * or undefined for a notification, which is never answered.
 */
function answerId(item: unknown): JsonRpcId | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return null
  if (!Object.hasOwn(item, 'id')) return undefined
  const id = (item as { id: unknown }).id
  return isValidId(id) ? (id as JsonRpcId) : null
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
