import { describe, expect, it } from 'vitest'
import { ErrorCode, RpcError } from '../rpc/rpcError.js'
import type { CallContext, MethodHandler } from '../rpc/methodTable.js'
import { createJsonRpcDispatcher } from './jsonRpcDispatcher.js'
import { jsonString } from './jsonRpcResponse.js'

const calls: string[] = []
const methods = new Map<string, MethodHandler>([
  ['eth_blockNumber', () => '0x10'],
  ['echo', (params) => params],
  ['async_echo', async (params) => params],
  ['transport', (_params, context: CallContext) => context.transport],
  [
    'record',
    (params) => {
      calls.push(JSON.stringify(params))
      return true
    },
  ],
  [
    'bad_params',
    () => {
      throw new RpcError(ErrorCode.invalidParams, 'invalid argument 0: hex string without 0x prefix')
    },
  ],
  [
    'reverts',
    () => {
      throw new RpcError(ErrorCode.executionReverted, 'execution reverted', '0x08c379a0')
    },
  ],
  [
    'crashes',
    () => {
      throw new Error('secret internal detail')
    },
  ],
  ['unencodable', () => 10n],
  ['nothing', () => undefined],
])
const logged: string[] = []
const dispatcher = createJsonRpcDispatcher({ methods, log: (message) => logged.push(message), maxBatchItems: 5 })
const http: CallContext = { transport: 'http' }

async function answer(payload: unknown): Promise<unknown> {
  const text = await dispatcher.handle(typeof payload === 'string' ? payload : JSON.stringify(payload), http)
  return text === undefined ? undefined : JSON.parse(jsonString(text))
}

describe('jsonRpcDispatcher (JSON-RPC 2.0)', () => {
  it('answers a request with jsonrpc, the same id and result', async () => {
    expect(await answer({ jsonrpc: '2.0', id: 7, method: 'eth_blockNumber', params: [] })).toEqual({ jsonrpc: '2.0', id: 7, result: '0x10' })
    expect(await answer({ jsonrpc: '2.0', id: 'a', method: 'async_echo', params: { x: 1 } })).toEqual({ jsonrpc: '2.0', id: 'a', result: { x: 1 } })
    expect(await answer({ jsonrpc: '2.0', id: null, method: 'echo' })).toEqual({ jsonrpc: '2.0', id: null, result: null })
    expect(await answer({ jsonrpc: '2.0', id: 1, method: 'nothing' })).toEqual({ jsonrpc: '2.0', id: 1, result: null })
    expect(await answer({ jsonrpc: '2.0', id: 1, method: 'transport' })).toEqual({ jsonrpc: '2.0', id: 1, result: 'http' })
  })

  it('answers malformed and too deeply nested JSON with -32700 and id null', async () => {
    expect(await answer('{"jsonrpc":"2.0","id":1,')).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } })
    expect(await answer('')).toMatchObject({ error: { code: -32700 } })
    // V8 parses deep nesting without recursion; whichever way a runtime goes, the answer is an error
    // envelope (a parse error, or an invalid batch item), never a crash.
    const deep = (await answer('['.repeat(200_000) + ']'.repeat(200_000))) as unknown
    const deepError = Array.isArray(deep) ? (deep[0] as { error: { code: number } }) : (deep as { error: { code: number } })
    expect([-32700, -32600]).toContain(deepError.error.code)
    // Deep params reach the handler; echoing them cannot be encoded: -32603, not a crash.
    const nested = `{"jsonrpc":"2.0","id":1,"method":"echo","params":[${'['.repeat(200_000)}${']'.repeat(200_000)}]}`
    expect(await answer(nested)).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32603 } })
  })

  it('answers invalid request objects with -32600, with the id when it could be read', async () => {
    expect(await answer(1)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request: expected a request object' } })
    expect(await answer({ jsonrpc: '1.0', id: 3, method: 'eth_blockNumber' })).toMatchObject({ id: 3, error: { code: -32600 } })
    expect(await answer({ id: 3, method: 'eth_blockNumber' })).toMatchObject({ id: 3, error: { code: -32600 } })
    expect(await answer({ jsonrpc: '2.0', id: 4, method: 5 })).toMatchObject({ id: 4, error: { code: -32600 } })
    expect(await answer({ jsonrpc: '2.0', id: 4, method: 'echo', params: 'x' })).toMatchObject({ id: 4, error: { code: -32600 } })
    expect(await answer({ jsonrpc: '2.0', id: { a: 1 }, method: 'echo' })).toMatchObject({ id: null, error: { code: -32600 } })
    // An invalid object without an id is not a notification: it is answered, with id null.
    expect(await answer({ jsonrpc: '2.0', method: 1, params: 'bar' })).toMatchObject({ id: null, error: { code: -32600 } })
  })

  it('answers an unknown method with -32601', async () => {
    expect(await answer({ jsonrpc: '2.0', id: 1, method: 'eth_nope' })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'the method eth_nope does not exist/is not available' },
    })
    expect(await answer({ jsonrpc: '2.0', id: 1, method: '__proto__' })).toMatchObject({ error: { code: -32601 } })
  })

  it('turns a handler RpcError into the error member, code, message and data', async () => {
    expect(await answer({ jsonrpc: '2.0', id: 1, method: 'bad_params' })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'invalid argument 0: hex string without 0x prefix' },
    })
    expect(await answer({ jsonrpc: '2.0', id: 1, method: 'reverts' })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: 3, message: 'execution reverted', data: '0x08c379a0' },
    })
  })

  it('answers any other failure with -32603 and logs it without leaking it', async () => {
    const text = await dispatcher.handle(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'crashes' }), http)
    expect(JSON.parse(jsonString(text ?? ''))).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'internal error' } })
    expect(text).not.toContain('secret')
    expect(logged.some((line) => line.includes('secret internal detail'))).toBe(true)
    expect(await answer({ jsonrpc: '2.0', id: 2, method: 'unencodable' })).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32603, message: 'internal error' },
    })
  })

  it('executes notifications without answering them', async () => {
    calls.length = 0
    expect(await dispatcher.handle(JSON.stringify({ jsonrpc: '2.0', method: 'record', params: [1] }), http)).toBeUndefined()
    expect(await dispatcher.handle(JSON.stringify({ jsonrpc: '2.0', method: 'crashes' }), http)).toBeUndefined()
    expect(await dispatcher.handle(JSON.stringify({ jsonrpc: '2.0', method: 'eth_nope' }), http)).toBeUndefined()
    expect(calls).toEqual(['[1]'])
  })

  it('answers a batch item by item, in order, leaving out notifications', async () => {
    calls.length = 0
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
      { jsonrpc: '2.0', method: 'record', params: ['n'] },
      { jsonrpc: '2.0', id: 2, method: 'eth_nope' },
      7,
      { jsonrpc: '2.0', id: 3, method: 'record', params: ['c'] },
    ]
    expect(await answer(batch)).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x10' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'the method eth_nope does not exist/is not available' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request: expected a request object' } },
      { jsonrpc: '2.0', id: 3, result: true },
    ])
    expect(calls).toEqual(['["n"]', '["c"]'])
  })

  it('answers a batch of notifications only with nothing', async () => {
    expect(
      await dispatcher.handle(
        JSON.stringify([
          { jsonrpc: '2.0', method: 'record' },
          { jsonrpc: '2.0', method: 'echo' },
        ]),
        http,
      ),
    ).toBeUndefined()
  })

  it('refuses an empty batch and a batch over the limit with one -32600', async () => {
    expect(await answer([])).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request: empty batch' } })
    const six = Array.from({ length: 6 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_blockNumber' }))
    expect(await answer(six)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch too large (max 5)' } })
    expect(await answer(six.slice(0, 5))).toHaveLength(5)
  })

  it('looks transport overrides up before the node methods', async () => {
    const overrides = new Map<string, MethodHandler>([['eth_blockNumber', () => 'overridden']])
    const text = await dispatcher.handle(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }), http, overrides)
    expect(JSON.parse(jsonString(text ?? ''))).toMatchObject({ result: 'overridden' })
  })

  it('caps batches at 1000 items by default', async () => {
    const defaults = createJsonRpcDispatcher({ methods })
    const batch = Array.from({ length: 1001 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_blockNumber' }))
    expect(JSON.parse(jsonString((await defaults.handle(JSON.stringify(batch), http)) ?? ''))).toMatchObject({
      error: { code: -32600, message: 'batch too large (max 1000)' },
    })
    expect(JSON.parse(jsonString((await defaults.handle(JSON.stringify(batch.slice(0, 1000)), http)) ?? ''))).toHaveLength(1000)
  })
})

describe('jsonRpcDispatcher response-size bound (geth BatchResponseMaxSize)', () => {
  const executed: number[] = []
  const sized = new Map<string, MethodHandler>([
    // An answer of exactly `params[0]` characters of result text ("xxx...": two quotes included).
    [
      'blob',
      (params) => {
        const size = (params as number[])[0] ?? 0
        executed.push(size)
        return 'x'.repeat(size - 2)
      },
    ],
    ['budget', (_params, context: CallContext) => context.responseBytes ?? null],
  ])
  const bounded = createJsonRpcDispatcher({ methods: sized, log: () => {}, maxResponseBytes: 1000 })
  const send = async (payload: unknown): Promise<{ text: string | undefined; json: unknown }> => {
    const answer = await bounded.handle(JSON.stringify(payload), http)
    const text = answer === undefined ? undefined : jsonString(answer)
    return { text, json: text === undefined ? undefined : JSON.parse(text) }
  }
  const blob = (id: number, size: number, withId = true): object => ({ jsonrpc: '2.0', ...(withId ? { id } : {}), method: 'blob', params: [size] })
  const tooLarge = { code: -32003, message: 'response too large (max 1000 bytes)' }

  it('answers a single request whose response passes the bound with -32003, and one at the bound with its result', async () => {
    // {"jsonrpc":"2.0","id":1,"result":} is 34 bytes of envelope.
    const atBound = await send(blob(1, 1000 - 34))
    expect(atBound.text).toHaveLength(1000)
    expect(await send(blob(1, 1000 - 33))).toEqual({ text: expect.any(String), json: { jsonrpc: '2.0', id: 1, error: tooLarge } })
  })

  it('bounds a batch as a whole: the item that would pass it and every later one answer -32003, unexecuted', async () => {
    executed.length = 0
    // Two answers of 434 bytes each, brackets and a comma: 871 bytes; a third would pass 1000.
    const { text, json } = await send([blob(1, 400), blob(2, 400), blob(3, 400), blob(4, 10, false), blob(5, 10)])
    expect(Buffer.byteLength(text ?? '')).toBeLessThanOrEqual(1000 + 2 * 80)
    expect(json).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'x'.repeat(398) },
      { jsonrpc: '2.0', id: 2, result: 'x'.repeat(398) },
      { jsonrpc: '2.0', id: 3, error: tooLarge },
      { jsonrpc: '2.0', id: 5, error: tooLarge },
    ])
    expect(executed).toEqual([400, 400, 400])
  })

  it('tells a method how many bytes are left for its answer', async () => {
    expect((await send({ jsonrpc: '2.0', id: 1, method: 'budget' })).json).toEqual({ jsonrpc: '2.0', id: 1, result: { max: 1000, left: 1000 } })
    const batch = (await send([blob(1, 100), { jsonrpc: '2.0', id: 2, method: 'budget' }])).json as Array<{ result: unknown }>
    // 1000 - the bracket pair (2) - the first answer (134) - the comma (1).
    expect(batch[1]?.result).toEqual({ max: 1000, left: 863 })
  })
})

describe('jsonRpcDispatcher.answer (the synchronous path)', () => {
  const payloads: unknown[] = [
    { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
    { jsonrpc: '2.0', id: 'a', method: 'bad_params' },
    { jsonrpc: '2.0', id: 2, method: 'crashes' },
    { jsonrpc: '2.0', id: 3, method: 'unencodable' },
    { jsonrpc: '2.0', method: 'record', params: ['sync'] },
    { jsonrpc: '2.0', id: 4, method: 'eth_nope' },
    '{"jsonrpc":',
  ]

  it('answers a synchronous method at once, exactly as handle does', async () => {
    for (const payload of payloads) {
      const text = typeof payload === 'string' ? payload : JSON.stringify(payload)
      const given = dispatcher.answer(text, http)
      expect(given).not.toBeInstanceOf(Promise)
      expect(given === undefined ? undefined : jsonString(given as Exclude<typeof given, Promise<unknown>>)).toEqual(
        await dispatcher.handle(text, http).then((settled) => (settled === undefined ? undefined : jsonString(settled))),
      )
    }
  })

  it('gives a promise for a method that awaits, and for a batch', async () => {
    const awaited = dispatcher.answer(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'async_echo', params: [1] }), http)
    expect(awaited).toBeInstanceOf(Promise)
    expect(JSON.parse(jsonString((await awaited) ?? ''))).toEqual({ jsonrpc: '2.0', id: 5, result: [1] })
    const batch = dispatcher.answer(JSON.stringify([{ jsonrpc: '2.0', id: 6, method: 'eth_blockNumber' }]), http)
    expect(batch).toBeInstanceOf(Promise)
    expect(JSON.parse(jsonString((await batch) ?? ''))).toEqual([{ jsonrpc: '2.0', id: 6, result: '0x10' }])
  })
})
