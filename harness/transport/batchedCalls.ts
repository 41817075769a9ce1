import type { Exchange, JsonRpcRequest } from './exchange.js'
import type { HttpTransport } from './httpTransport.js'

/** One call of a batch: its method and params. */
export interface BatchedCall {
  method: string
  params: unknown[]
}

/** The calls' answers, in the calls' order, and how many of them were not answered inside the batch. */
export interface BatchedAnswers {
  /**
   * One exchange per call: its item of the batch's answer (the request its item of the batch, the
   * answer the item with that id, the batch's timing), or the exchange of the call sent alone.
   */
  exchanges: Exchange[]
  /** Per call: whether its exchange is its item of the batch (false: it was asked alone). */
  inBatch: boolean[]
  /** How many calls were sent again alone, and why (null when the batch answered every call). */
  unbatched: { count: number; why: string } | null
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Independent reads made in one round trip: the calls as one JSON-RPC batch (JSON-RPC 2.0 section 6,
 * which RPC-HTTP asks of the node), each answered by its item. A call the batch did not answer with
 * a result (no usable answer to the batch, no item with its id, an item that is neither a result nor
 * an error object, or an error: a batch limit or a per-batch rate limit speaks so) is sent again
 * alone, all such calls side by side: so a node whose batches are broken gets the same questions one
 * call at a time, and the caller hears how many (to say so in a note), never a verdict caused by the
 * batching. An error the call answers alone too (the same code) was the call's own answer: its item
 * stands, and it is not counted. The items of one batch may be answered in any order: calls whose
 * order matters go in batches made one after the other.
 * @example const { exchanges } = await batchedCalls(http, [{ method: 'eth_blockNumber', params: [] }])
 */
export async function batchedCalls(http: HttpTransport, calls: readonly BatchedCall[]): Promise<BatchedAnswers> {
  if (calls.length === 0) return { exchanges: [], inBatch: [], unbatched: null }
  if (calls.length === 1) return { exchanges: [await http.call(calls[0]!.method, calls[0]!.params)], inBatch: [false], unbatched: null }
  const requests: JsonRpcRequest[] = calls.map((call, i) => ({ jsonrpc: '2.0', method: call.method, params: call.params, id: i + 1 }))
  const batch = await http.send(requests)
  const items = answeredItems(batch, requests.length)
  const itemExchange = (i: number): Exchange => ({ ...batch, request: requests[i], response: items.answers[i] })
  const answered = await Promise.all(
    requests.map(async (_, i): Promise<{ exchange: Exchange; inBatch: boolean; error?: true }> => {
      const item = items.answers[i]
      if (item !== undefined && 'result' in item) return { exchange: itemExchange(i), inBatch: true }
      const alone = await http.call(calls[i]!.method, calls[i]!.params)
      // The same error alone: the batch answered the call as it is answered by itself.
      if (item !== undefined && sameErrorCode(item, alone.response)) return { exchange: itemExchange(i), inBatch: true }
      return { exchange: alone, inBatch: false, ...(item === undefined ? {} : { error: true as const }) }
    }),
  )
  const resent = answered.filter((a) => !a.inBatch).length
  const errors = answered.filter((a) => a.error === true).length
  const why = [items.why, errors === 0 ? null : `${errors} of its ${calls.length} items answered an error the call does not answer alone`]
    .filter((part) => part !== null)
    .join(', ')
  return {
    exchanges: answered.map((a) => a.exchange),
    inBatch: answered.map((a) => a.inBatch),
    unbatched: resent === 0 ? null : { count: resent, why },
  }
}

/** Whether a batch item and a lone call's answer are errors with the same code. */
function sameErrorCode(item: Record<string, unknown>, alone: unknown): boolean {
  const code = (answer: unknown): unknown =>
    answer !== null && typeof answer === 'object' && 'error' in answer ? (answer.error as { code?: unknown } | null)?.code : undefined
  return code(item) !== undefined && code(item) === code(alone)
}

/** The well-formed item answering each request id 1..count, and why none could be read when the batch's answer is unusable. */
function answeredItems(batch: Exchange, count: number): { answers: Array<Record<string, unknown> | undefined>; why: string | null } {
  const none = (why: string): { answers: undefined[]; why: string } => ({ answers: [], why })
  if (batch.failure !== undefined) return none(`the batch got no usable answer: ${batch.failure.message}`)
  if (!Array.isArray(batch.response))
    return none(`the batch was not answered with an array${batch.httpStatus === undefined ? '' : ` (HTTP ${batch.httpStatus})`}`)
  const answers = new Array<Record<string, unknown> | undefined>(count).fill(undefined)
  const seen = new Set<number>()
  for (const item of batch.response) {
    if (!isObject(item) || item.jsonrpc !== '2.0' || typeof item.id !== 'number' || !Number.isInteger(item.id) || item.id < 1 || item.id > count) continue
    if (seen.has(item.id)) {
      // Two answers for one id: neither is trusted.
      answers[item.id - 1] = undefined
      continue
    }
    seen.add(item.id)
    if ('result' in item !== 'error' in item) answers[item.id - 1] = item
  }
  const missing = answers.filter((item) => item === undefined).length
  return { answers, why: missing === 0 ? null : `the batch's answer held no well-formed item for ${missing} of its ${count} calls` }
}
