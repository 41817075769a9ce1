import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { ErrorCode, RpcError } from '../rpc/rpcError.js'
import type { CallContext, MethodHandler, MethodTable } from '../rpc/methodTable.js'
import { encodeError, encodeResult, type JsonRpcErrorObject, type JsonRpcId } from './jsonRpcResponse.js'
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
  handle(text: string, context: CallContext, overrides?: MethodTable): Promise<string | undefined>
}

export interface DispatcherOptions {
  methods: MethodTable
  /** Where unexpected handler failures are logged (their stack never goes to the client). */
  log?: (message: string) => void
  maxBatchItems?: number
  /** What a batch's eth_call / eth_estimateGas items may execute together, in milliseconds. */
  batchExecutionMs?: number
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

  function invalid(id: JsonRpcId, message: string): string {
    return encodeError(id, { code: ErrorCode.invalidRequest, message })
  }

  /** Encodes a handler's answer; an answer that cannot be encoded becomes -32603. */
  function encodeSafely(id: JsonRpcId, method: string, encode: () => string): string {
    try {
      return encode()
    } catch (error) {
      log(`rpc: cannot encode the answer to ${method}: ${describe(error)}`)
      return encodeError(id, INTERNAL_ERROR)
    }
  }

  async function call(handler: MethodHandler, method: string, params: unknown, context: CallContext): Promise<{ result: unknown } | { error: JsonRpcErrorObject }> {
    try {
      let result = handler(params, context)
      if (isThenable(result)) result = await result
      return { result }
    } catch (error) {
      if (error instanceof RpcError) return { error: error.toJSON() }
      log(`rpc: ${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      return { error: INTERNAL_ERROR }
    }
  }

  async function handleItem(item: unknown, context: CallContext, overrides: MethodTable | undefined): Promise<string | undefined> {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return invalid(null, 'invalid request: expected a request object')
    }
    const request = item as Record<string, unknown>
    const hasId = Object.hasOwn(request, 'id')
    const rawId = request['id']
    const idIsValid = rawId === null || typeof rawId === 'string' || (typeof rawId === 'number' && Number.isFinite(rawId))
    if (hasId && !idIsValid) return invalid(null, 'invalid request: "id" must be a string, a number or null')
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
    const answer = await call(handler, method, params, context)
    // A notification is executed but never answered, not even with an error (section 4.1).
    if (!hasId) return undefined
    return 'error' in answer
      ? encodeSafely(id, method, () => encodeError(id, answer.error))
      : encodeSafely(id, method, () => encodeResult(id, answer.result))
  }

  return {
    async handle(text, context, overrides) {
      let payload: unknown
      try {
        payload = JSON.parse(text)
      } catch {
        // Malformed JSON, and JSON nested too deeply to parse (a RangeError), are both parse errors.
        return encodeError(null, { code: ErrorCode.parseError, message: 'parse error' })
      }
      if (!Array.isArray(payload)) return handleItem(payload, context, overrides)
      if (payload.length === 0) return invalid(null, 'invalid request: empty batch')
      if (payload.length > maxBatchItems) return invalid(null, `batch too large (max ${maxBatchItems})`)
      // Items run one after another, in order, like l2geth: a batch that sends two transactions from
      // one account must see the first before the second. Their EVM work shares one deadline, and
      // between items the batch lets other clients' requests run, so a batch is never a freeze.
      const itemContext: CallContext = { ...context, batchExecution: { ms: batchExecutionMs, deadline: performance.now() + batchExecutionMs } }
      const answers: string[] = []
      let sliceStart = performance.now()
      for (const item of payload) {
        if (performance.now() - sliceStart >= BATCH_SLICE_MS) {
          await yieldToEventLoop()
          sliceStart = performance.now()
        }
        const answer = await handleItem(item, itemContext, overrides)
        if (answer !== undefined) answers.push(answer)
      }
      return answers.length === 0 ? undefined : `[${answers.join(',')}]`
    },
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
