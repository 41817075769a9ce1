import { OMIT, type MutantHooks, type RequestAction, type RpcCall, type RpcTransport } from './mutant.js'

/** The target's answer to a forwarded body: its text, and the JSON in it (undefined when not JSON). */
export interface UpstreamAnswer {
  text: string
  json: unknown
}

/**
 * Sends a body to the target. `original` is the client's own text when the body is unchanged (so it
 * goes out byte for byte). Resolves undefined when the target sends no answer (notifications).
 */
export type Forward = (body: unknown, original: string | undefined) => Promise<UpstreamAnswer | undefined>

/** What to send the client: a JSON value, nothing, or the target's own answer unchanged. */
export type RpcAnswer = { kind: 'json'; value: unknown } | { kind: 'none' } | { kind: 'upstream'; answer: UpstreamAnswer }

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/** The RpcCall view of one request value. */
export function callOf(request: unknown, transport: RpcTransport, inBatch: boolean): RpcCall {
  const object = isObject(request) ? request : undefined
  const notification = object !== undefined && !Object.hasOwn(object, 'id')
  return {
    request,
    method: typeof object?.method === 'string' ? object.method : undefined,
    params: Array.isArray(object?.params) ? object.params : [],
    id: object?.id,
    notification,
    transport,
    inBatch,
  }
}

const sameId = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

function actionFor(hooks: MutantHooks, call: RpcCall): RequestAction {
  return hooks.request?.(call) ?? { forward: call.request }
}

/**
 * Answers one parsed JSON-RPC body (a single request or a batch, JSON-RPC 2.0 sections 4-6) through
 * a mutant's hooks: requests may be rewritten, answered here, left out or left hanging; the rest go to
 * the target (a batch stays one batch); each response item then passes the `response` hook, a batch
 * the `batch` hook. When nothing changed, the target's answer is passed on unchanged.
 */
export async function answerRpc(
  body: unknown,
  original: string | undefined,
  hooks: MutantHooks,
  transport: RpcTransport,
  forward: Forward,
  hang: () => Promise<never>,
): Promise<RpcAnswer> {
  if (Array.isArray(body) && body.length > 0) return answerBatch(body, original, hooks, transport, forward, hang)
  if (!isObject(body)) {
    const answer = await forward(body, original)
    return answer === undefined ? { kind: 'none' } : { kind: 'upstream', answer }
  }
  const call = callOf(body, transport, false)
  const action = actionFor(hooks, call)
  if ('hang' in action) return hang()
  if ('omit' in action) return { kind: 'none' }
  let response: unknown
  let upstream: UpstreamAnswer | undefined
  if ('answer' in action) response = action.answer
  else {
    upstream = await forward(action.forward, action.forward === body ? original : undefined)
    if (upstream === undefined) return { kind: 'none' }
    if (!isObject(upstream.json)) return { kind: 'upstream', answer: upstream }
    response = upstream.json
  }
  const mutated = hooks.response === undefined ? response : hooks.response(call, response)
  if (mutated === OMIT) return { kind: 'none' }
  if (upstream !== undefined && mutated === upstream.json) return { kind: 'upstream', answer: upstream }
  return { kind: 'json', value: mutated }
}

async function answerBatch(
  batch: unknown[],
  original: string | undefined,
  hooks: MutantHooks,
  transport: RpcTransport,
  forward: Forward,
  hang: () => Promise<never>,
): Promise<RpcAnswer> {
  const whole = hooks.batchRequest?.(batch, transport)
  if (whole !== undefined) {
    if ('hang' in whole) return hang()
    if ('omit' in whole) return { kind: 'none' }
    if ('answer' in whole) return { kind: 'json', value: whole.answer }
  }
  const calls = batch.map((item) => callOf(item, transport, true))
  const actions = calls.map((call) => actionFor(hooks, call))
  if (actions.some((a) => 'hang' in a)) return hang()
  const forwarded = actions.flatMap((a) => ('forward' in a ? [a.forward] : []))
  const unchanged = actions.every((a, i) => 'forward' in a && a.forward === batch[i])
  let upstream: UpstreamAnswer | undefined
  let items: unknown[] = []
  if (forwarded.length > 0) {
    upstream = await forward(forwarded, unchanged ? original : undefined)
    if (upstream !== undefined && !Array.isArray(upstream.json)) return { kind: 'upstream', answer: upstream }
    items = (upstream?.json as unknown[] | undefined) ?? []
  }
  const used = new Set<number>()
  const out: unknown[] = []
  let changed = !unchanged
  calls.forEach((call, i) => {
    const action = actions[i]!
    let response: unknown
    if ('answer' in action) response = action.answer
    else if ('forward' in action) {
      const request = action.forward
      if (!isObject(request) || !Object.hasOwn(request, 'id')) return
      const j = items.findIndex((item, k) => !used.has(k) && isObject(item) && sameId(item.id, request.id))
      if (j === -1) return
      used.add(j)
      response = items[j]
    } else return
    const mutated = hooks.response === undefined ? response : hooks.response(call, response)
    if (mutated !== response) changed = true
    if (mutated !== OMIT) out.push(mutated)
  })
  // Items the target sent that answer no request of ours (an invalid item answered with id null) go last.
  items.forEach((item, k) => {
    if (!used.has(k)) out.push(item)
  })
  if (!changed && upstream !== undefined && hooks.batch === undefined && out.every((item, k) => item === items[k])) {
    return { kind: 'upstream', answer: upstream }
  }
  const final = hooks.batch === undefined ? out : hooks.batch(out, transport)
  return final.length === 0 ? { kind: 'none' } : { kind: 'json', value: final }
}
