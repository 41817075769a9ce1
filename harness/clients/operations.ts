import type { Finding } from '../checks/finding.js'
import { toQuantity } from '../generate/toQuantity.js'
import { callBoundMs, LOG_RANGE_BLOCKS, POLL_MS, SEND_WAIT_MS } from './clientBounds.js'
import type { Probe } from '../run/certify.js'
import type { RunContext } from '../run/runContext.js'
import type { Exchange } from '../transport/exchange.js'
import { responseOutcome } from '../transport/jsonRpcResponse.js'
import type { ClientAdapter, LibraryName } from './adapter.js'
import { bounded, thrownText, type Bounded } from './bounded.js'
import { chainSample, type ChainSample } from './chainSample.js'
import { HttpBridge, type LibraryAnswer } from './httpBridge.js'
import { judgeObject, judgeTransaction, judgeValue, shadowedFields, strictValue, type Judged, type Resource } from './judgeReading.js'
import { LIBRARIES, OPERATIONS, openClient } from './libraries.js'
import { showValue, type ReadValue } from './reading.js'
import { decodeRevertReason } from './revertReason.js'

/** What one operation's body works with. */
interface Run {
  probe: Probe
  context: RunContext
  library: LibraryName
  client: ClientAdapter
  bridge: HttpBridge
  sample: ChainSample
  /** The library's call, as messages name it (e.g. `viem getBlock`). */
  label: string
  bound: number
}

type Body = (run: Run) => Promise<void>

/** Where the response to a call sits in its exchange (a batch item has its index in front). */
function pointerOf(answer: LibraryAnswer): string {
  const response = answer.exchange.response
  if (!Array.isArray(response)) return '/result'
  return `/${response.indexOf(answer.response)}/result`
}

/** Where the run's library reads fields from other than their own names (as the judges take it). */
function sourcesOf(run: Run): Pick<Judged, 'sources'> {
  return run.client.sources === undefined ? {} : { sources: run.client.sources }
}

/** The newest exchange the library made, for evidence when it never asked what a check judges. */
const lastExchange = (run: Run): Exchange | undefined => run.bridge.exchanges.at(-1)

/**
 * Judges a library's read of `method`: the call, bounded; then the answer the library got to that
 * method (the newest), read strictly and compared by `judge` with what the library returned. An
 * error answer is not the library's to read (the method's own requirement judges it): inconclusive
 * when the library threw, a finding when it returned a value anyway.
 */
async function judgeRead(
  run: Run,
  method: string,
  call: () => Promise<ReadValue>,
  judge: (raw: unknown, got: ReadValue, at: Judged) => Finding[],
): Promise<void> {
  const outcome = await bounded(run.bound, call)
  judgeOutcome(run, method, outcome, run.bridge.lastAnswer(method), judge)
}

function judgeOutcome(
  run: Run,
  method: string,
  outcome: Bounded<ReadValue>,
  answer: LibraryAnswer | undefined,
  judge: (raw: unknown, got: ReadValue, at: Judged) => Finding[],
): void {
  const { probe, label } = run
  if ('timedOut' in outcome) return probe.fail(`${label} did not return within ${run.bound} ms`, answer?.exchange ?? lastExchange(run), undefined, 'no-answer')
  if (answer === undefined) {
    if ('error' in outcome) return probe.fail(`${label} threw before it asked ${method}: ${thrownText(outcome.error)}`, lastExchange(run))
    return probe.fail(`${label} returned ${showValue(outcome.value)} without asking ${method}`, lastExchange(run))
  }
  const { exchange } = answer
  if (exchange.failure !== undefined || answer.response === undefined) {
    return probe.fail(
      `${method} got no usable answer (${exchange.failure?.code ?? 'no response item'}: ${exchange.failure?.message ?? 'the batch answer lacks it'})${'error' in outcome ? `; ${label} threw: ${thrownText(outcome.error)}` : ''}`,
      exchange,
      undefined,
      'no-answer',
    )
  }
  const raw = responseOutcome(answer.response)
  if (raw.kind === 'broken')
    return probe.fail(
      `${method}: ${raw.reason}; ${'error' in outcome ? `${label} threw: ${thrownText(outcome.error)}` : `${label} read ${showValue(outcome.value)}`}`,
      exchange,
      undefined,
      'envelope',
    )
  if (raw.kind === 'error') {
    const error = `the error ${showValue(raw.code)} ${showValue(raw.message)}`
    if ('error' in outcome)
      return probe.inconclusive(
        `the node answered ${method} with ${error}: there was nothing for ${label} to read (it threw: ${thrownText(outcome.error, 200)})`,
        exchange,
      )
    return probe.fail(
      `the node answered ${method} with ${error}; ${label} returned ${showValue(outcome.value)} as if it had answered`,
      exchange,
      undefined,
      'wrong-value',
    )
  }
  const at: Judged = { label, exchange, pointer: pointerOf(answer), ...sourcesOf(run) }
  if ('error' in outcome) {
    // What the strict reading finds wrong in the answer says why, if anything does.
    const problems = judge(raw.value, undefined, at).filter((finding) => finding.kind === 'schema-violation')
    probe.fail(`${label} threw on the node's answer to ${method}: ${thrownText(outcome.error)}`, exchange, undefined, 'wrong-value')
    return probe.add(problems)
  }
  probe.add(judge(raw.value, outcome.value, at))
}

/**
 * Notes the fields the library read from another field of the answer than their own, where the two
 * differ (harness/clients/judgeReading.ts, shadowedFields): what it read is in the answer, so it is no
 * finding against the node, but a user of the library sees the other field's value.
 */
function noteShadowed(run: Run, method: string, resource: Resource): void {
  if (run.client.sources === undefined) return
  const answer = run.bridge.lastAnswer(method)
  const raw = answer === undefined ? undefined : responseOutcome(answer.response)
  if (raw?.kind !== 'result' || raw.value === null || typeof raw.value !== 'object') return
  const value = raw.value as { transactions?: unknown }
  const objects = Array.isArray(value)
    ? value
    : Array.isArray(value.transactions) && resource === 'transaction' && !('from' in value)
      ? value.transactions
      : [value]
  const found = objects.flatMap((object) => shadowedFields(resource, object, run.client.sources))
  for (const field of new Set(found.map((shadowed) => shadowed.field))) {
    const example = found.find((shadowed) => shadowed.field === field)!
    run.probe.note(
      `${run.library} takes a ${resource}'s ${field} from its field ${example.source} when there is one (here ${JSON.stringify(example.read)}, where ${field} is ${JSON.stringify(example.own)}): its users see that value as the ${field}`,
    )
  }
}

/** A value that is an object or null: null answered must be null read, and an object must be an object. */
function nullable(judge: (raw: unknown, got: ReadValue, at: Judged) => Finding[]): (raw: unknown, got: ReadValue, at: Judged) => Finding[] {
  return (raw, got, at) => {
    if (raw === null) return judgeValue('quantity', null, got, at, '')
    if (got === null && raw !== null && typeof raw === 'object')
      return [
        {
          kind: 'wrong-value',
          message: `${at.label}: the node answered an object; the library read null (nothing found)`,
          exchange: at.exchange,
          pointer: at.pointer,
          expected: 'an object',
          got: 'null',
        } as Finding,
      ]
    return judge(raw, got, at)
  }
}

const quantity = (raw: unknown, got: ReadValue, at: Judged): Finding[] => judgeValue('quantity', raw, got, at, '')

/** The call the check makes, named as the library names it (libraries.ts). */
function labelOf(library: LibraryName, operation: string): string {
  const call = OPERATIONS.find((op) => op.id === operation)?.calls[library] ?? operation
  return `${library} ${call}`
}

/** The sample's transaction, or the check is inconclusive with the reason (read-only on a chain without one). */
function sampledTransaction(run: Run): NonNullable<ChainSample['transaction']> | null {
  if (run.sample.transaction === null) run.probe.inconclusive(`no transaction to read: ${run.sample.missing.transaction ?? 'none found'}`)
  return run.sample.transaction
}

function sampledToken(run: Run): NonNullable<ChainSample['token']> | null {
  if (run.sample.token === null) run.probe.inconclusive(`no contract to call: ${run.sample.missing.token ?? 'none found'}`)
  return run.sample.token
}

/** A revert through the library: the node must answer an error carrying Error(string) data, and the library must hand back its reason. */
async function judgeRevert(run: Run, method: string, call: () => Promise<unknown>, which: 'call' | 'estimate'): Promise<void> {
  const { probe, label } = run
  const outcome = await bounded(run.bound, call)
  const answer = run.bridge.lastAnswer(method)
  if ('timedOut' in outcome) return probe.fail(`${label} did not return within ${run.bound} ms`, answer?.exchange ?? lastExchange(run), undefined, 'no-answer')
  if (answer === undefined) {
    if ('error' in outcome) return probe.fail(`${label} threw before it asked ${method}: ${thrownText(outcome.error)}`, lastExchange(run))
    return probe.fail(`${label} returned ${showValue(outcome.value)} without asking ${method}`, lastExchange(run))
  }
  const { exchange } = answer
  if (exchange.failure !== undefined || answer.response === undefined)
    return probe.fail(`${method} got no usable answer (${exchange.failure?.code}: ${exchange.failure?.message})`, exchange, undefined, 'no-answer')
  const raw = responseOutcome(answer.response)
  if (raw.kind === 'broken') return probe.fail(`${method}: ${raw.reason}`, exchange, undefined, 'envelope')
  if (raw.kind === 'result')
    return probe.inconclusive(
      `the transfer from an account holding none of the token did not revert (${method} answered ${showValue(raw.value)}): the token is not the ERC-20 the check takes it for`,
      exchange,
    )
  const pointer = `${pointerOf(answer).replace(/\/result$/, '')}/error/data`
  const strict = decodeRevertReason(raw.data)
  // Revert data where the interface puts it (error.data, hex), else where some nodes nest it (Hardhat's
  // data.data, Ganache's data.result): the reason a user should get either way, the nesting noted.
  const nested = 'reason' in strict ? undefined : nestedRevertData(raw.data)
  const expected = nested === undefined ? strict : decodeRevertReason(nested.data)
  if ('problem' in expected) {
    const got = 'error' in outcome ? `${label} threw: ${thrownText(outcome.error)}` : `${label} returned ${showValue(outcome.value)}`
    return probe.fail(
      `the node's revert (${method}, error ${showValue(raw.code)} ${showValue(raw.message)}) carries no reason a library can decode: ${'problem' in strict ? strict.problem : expected.problem}; ${got}`,
      exchange,
      pointer,
      'wrong-value',
    )
  }
  const where = nested === undefined ? 'in data' : `in data.${nested.at}: an object where the interface has hex data`
  if (!('error' in outcome))
    return probe.fail(
      `the node answered ${method} with a revert ("${expected.reason}"); ${label} returned ${showValue(outcome.value)} as if it had succeeded`,
      exchange,
      pointer,
      'wrong-value',
    )
  const read = run.client.revertOf(outcome.error)
  if (read.reason === expected.reason)
    return probe.note(`${label} decoded the revert reason "${expected.reason}"${nested === undefined ? '' : ` from the node's data.${nested.at}`}`)
  // A library that does not decode reasons for this call (web3's estimateGas) still hands its user the revert data.
  const data = nested?.data ?? raw.data
  if (!run.client.decodesReasons[which] && read.reason === null && typeof data === 'string' && read.data?.toLowerCase() === data.toLowerCase()) {
    return probe.note(`${label} decodes no reason for this call; it hands back the revert data, which holds "${expected.reason}"`)
  }
  const said =
    read.reason === null
      ? `decoded no reason${read.data === null ? ' and kept no revert data' : ` and kept the revert data ${showValue(read.data, 80)}`}`
      : `decoded the reason ${JSON.stringify(read.reason)}`
  probe.fail(
    `the node reverted ${method} with "${expected.reason}" (error ${showValue(raw.code)} ${showValue(raw.message)}, the reason ${where}); ${label} ${said}: ${thrownText(outcome.error)}`,
    exchange,
    pointer,
    'wrong-value',
  )
}

/** Revert data some nodes nest in an object under error.data (Hardhat: data.data; Ganache: data.result), with where. */
function nestedRevertData(data: unknown): { data: string; at: string } | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined
  for (const at of ['data', 'result'] as const) {
    const inner = (data as Record<string, unknown>)[at]
    if (typeof inner === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(inner)) return { data: inner, at }
  }
  return undefined
}

/** Fee data: every value the library gives a non-negative integer, and the ones it takes from the node equal to the node's (ethers, web3: the gas price; viem, legacy: the gas price x 1.2, its documented default). */
async function judgeFees(run: Run): Promise<void> {
  const { probe, label, bridge, library } = run
  const outcome = await bounded(run.bound, () => run.client.feeData(run.sample.eip1559))
  if ('timedOut' in outcome) return probe.fail(`${label} did not return within ${run.bound} ms`, lastExchange(run), undefined, 'no-answer')
  if ('error' in outcome) return probe.fail(`${label} threw: ${thrownText(outcome.error)}`, lastExchange(run), undefined, 'wrong-value')
  const fees = outcome.value
  for (const [field, value] of Object.entries(fees)) {
    if (value === null || value === undefined) continue
    if (typeof value !== 'bigint' || value < 0n)
      probe.fail(`${label} gave ${field} ${showValue(value)}, not a non-negative integer`, lastExchange(run), undefined, 'wrong-value')
  }
  const gasPrice = bridge.lastAnswer('eth_gasPrice')
  if (gasPrice === undefined || fees.gasPrice === undefined || fees.gasPrice === null) return
  const raw = responseOutcome(gasPrice.response)
  if (raw.kind !== 'result') return
  const strict = strictValue('quantity', raw.value)
  if ('problem' in strict)
    return probe.fail(
      `${label}: the node answered eth_gasPrice ${strict.problem}; the library gave gasPrice ${showValue(fees.gasPrice)}`,
      gasPrice.exchange,
      pointerOf(gasPrice),
      'schema-violation',
    )
  const expected = library === 'viem' ? ((strict.value as bigint) * 12n) / 10n : (strict.value as bigint)
  if (fees.gasPrice !== expected) {
    const how = library === 'viem' ? " x 1.2 (viem's default multiplier)" : ''
    probe.fail(
      `${label}: the node answered eth_gasPrice ${showValue(raw.value)}${how} = ${expected}; the library gave gasPrice ${showValue(fees.gasPrice)}`,
      gasPrice.exchange,
      pointerOf(gasPrice),
      'wrong-value',
    )
  }
}

/** A custom method through the library's raw request: the result handed back exactly as answered, or the node's error with its code. */
async function judgeRaw(run: Run, method: string, params: unknown[]): Promise<void> {
  const { probe, label } = run
  const outcome = await bounded(run.bound, () => run.client.raw(method, params))
  const answer = run.bridge.lastAnswer(method)
  if ('timedOut' in outcome)
    return probe.fail(`${label} ${method} did not return within ${run.bound} ms`, answer?.exchange ?? lastExchange(run), undefined, 'no-answer')
  if (answer === undefined)
    return probe.fail(
      `${label} ${method} ${'error' in outcome ? `threw before asking: ${thrownText(outcome.error)}` : 'returned without asking'}`,
      lastExchange(run),
    )
  const { exchange } = answer
  if (exchange.failure !== undefined || answer.response === undefined)
    return probe.fail(`${method} got no usable answer (${exchange.failure?.code}: ${exchange.failure?.message})`, exchange, undefined, 'no-answer')
  const raw = responseOutcome(answer.response)
  if (raw.kind === 'broken') return probe.fail(`${method}: ${raw.reason}`, exchange, undefined, 'envelope')
  if (raw.kind === 'error') {
    if (!('error' in outcome))
      return probe.fail(
        `the node answered ${method} with the error ${showValue(raw.code)}; ${label} returned ${showValue(outcome.value)}`,
        exchange,
        undefined,
        'wrong-value',
      )
    const code = run.client.errorCodeOf(outcome.error)
    if (code !== raw.code)
      return probe.fail(
        `the node answered ${method} with the error ${showValue(raw.code)} ${showValue(raw.message)}; ${label} threw without that code (${code === undefined ? 'none' : code}): ${thrownText(outcome.error)}`,
        exchange,
        undefined,
        'wrong-value',
      )
    return probe.note(
      `the node answered ${method} with the error ${showValue(raw.code)} ${showValue(raw.message)}, and ${label} threw it with its code (whether the method answers is its own requirements')`,
    )
  }
  if ('error' in outcome)
    return probe.fail(`${label} threw on the node's answer to ${method}: ${thrownText(outcome.error)}`, exchange, undefined, 'wrong-value')
  if (!sameJson(outcome.value, raw.value))
    probe.fail(
      `${label} handed back ${showValue(outcome.value)} for ${method}; the node answered ${showValue(raw.value)}`,
      exchange,
      pointerOf(answer),
      'wrong-value',
    )
}

/** Whether two values are the same JSON (key order aside). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => sameJson(item, (b as unknown[])[i]))
  const keys = Object.keys(a as object)
  const other = Object.keys(b as object)
  return (
    keys.length === other.length &&
    keys.every((key) => Object.hasOwn(b as object, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  )
}

/** The sent transaction through the library: its hash as the node answered it, its receipt as read, a success. */
async function judgeSend(run: Run): Promise<void> {
  const { probe, label, context } = run
  const key = context.config.privateKey
  if (key === null) return probe.fail('the full profile needs --private-key')
  const wait = Math.max(SEND_WAIT_MS, context.config.timeoutMs)
  const outcome = await bounded(wait + run.bound, () => run.client.sendAndWait(key, wait))
  const sent = run.bridge.lastAnswer('eth_sendRawTransaction')
  if ('timedOut' in outcome)
    return probe.fail(`${label} did not return within ${Math.round((wait + run.bound) / 1000)} s`, sent?.exchange ?? lastExchange(run), undefined, 'no-answer')
  if ('error' in outcome) return probe.fail(`${label} threw: ${thrownText(outcome.error)}`, sent?.exchange ?? lastExchange(run), undefined, 'wrong-value')
  if (sent === undefined) return probe.fail(`${label} returned without sending eth_sendRawTransaction`, lastExchange(run))
  const rawSent = responseOutcome(sent.response)
  if (rawSent.kind === 'result')
    probe.add(judgeValue('hash', rawSent.value, outcome.value.hash, { label, exchange: sent.exchange, pointer: pointerOf(sent) }, ''))
  const receipt = run.bridge.lastAnswer('eth_getTransactionReceipt')
  if (receipt === undefined) return probe.fail(`${label} returned a receipt without asking eth_getTransactionReceipt`, lastExchange(run))
  const rawReceipt = responseOutcome(receipt.response)
  if (rawReceipt.kind !== 'result')
    return probe.fail(
      `the node answered the last eth_getTransactionReceipt with ${rawReceipt.kind === 'error' ? `the error ${showValue(rawReceipt.code)}` : rawReceipt.reason}, and ${label} returned a receipt`,
      receipt.exchange,
    )
  probe.add(
    judgeObject('receipt', rawReceipt.value, outcome.value.receipt, { label, exchange: receipt.exchange, pointer: pointerOf(receipt), ...sourcesOf(run) }),
  )
  if (outcome.value.receipt?.status !== 1n)
    probe.fail(
      `${label}: the transfer's receipt says status ${showValue(outcome.value.receipt?.status)}, not success`,
      receipt.exchange,
      pointerOf(receipt),
      'wrong-value',
    )
  else probe.note(`${label} sent ${showValue(outcome.value.hash)} and read its receipt`)
}

/** The body of each operation (libraries.ts lists them; the watcher's is watchOperation.ts). */
const BODIES: Readonly<Record<string, Body>> = {
  'chain-id': async (run) => {
    await judgeRead(run, 'eth_chainId', () => run.client.chainId(), quantity)
  },
  'block-number': (run) => judgeRead(run, 'eth_blockNumber', () => run.client.blockNumber(), quantity),
  'block-by-number': (run) =>
    judgeRead(
      run,
      'eth_getBlockByNumber',
      () => run.client.block({ number: run.sample.block.number }, false),
      nullable((raw, got, at) => judgeObject('block', raw, got, at)),
    ),
  'block-by-number-full': async (run) => {
    await judgeRead(
      run,
      'eth_getBlockByNumber',
      () => run.client.block({ number: run.sample.block.number }, true),
      nullable((raw, got, at) => judgeObject('block', raw, got, at)),
    )
    noteShadowed(run, 'eth_getBlockByNumber', 'transaction')
  },
  'block-by-hash': (run) =>
    judgeRead(
      run,
      'eth_getBlockByHash',
      () => run.client.block({ hash: run.sample.block.hash }, false),
      nullable((raw, got, at) => judgeObject('block', raw, got, at)),
    ),
  'block-by-hash-full': async (run) => {
    await judgeRead(
      run,
      'eth_getBlockByHash',
      () => run.client.block({ hash: run.sample.block.hash }, true),
      nullable((raw, got, at) => judgeObject('block', raw, got, at)),
    )
    noteShadowed(run, 'eth_getBlockByHash', 'transaction')
  },
  balance: (run) => judgeRead(run, 'eth_getBalance', () => run.client.balance(run.sample.account, run.sample.block.number), quantity),
  nonce: (run) => judgeRead(run, 'eth_getTransactionCount', () => run.client.nonce(run.sample.account, run.sample.block.number), quantity),
  code: (run) =>
    judgeRead(
      run,
      'eth_getCode',
      () => run.client.code(run.sample.codeAccount, run.sample.block.number),
      (raw, got, at) => judgeValue('data', raw, got, at, ''),
    ),
  transaction: async (run) => {
    const tx = sampledTransaction(run)
    if (tx === null) return
    await judgeRead(run, 'eth_getTransactionByHash', () => run.client.transaction(tx.hash), nullable(judgeTransaction))
    noteShadowed(run, 'eth_getTransactionByHash', 'transaction')
  },
  receipt: async (run) => {
    const tx = sampledTransaction(run)
    if (tx === null) return
    await judgeRead(
      run,
      'eth_getTransactionReceipt',
      () => run.client.receipt(tx.hash),
      nullable((raw, got, at) => judgeObject('receipt', raw, got, at)),
    )
    noteShadowed(run, 'eth_getTransactionReceipt', 'receipt')
  },
  logs: async (run) => {
    const tx = sampledTransaction(run)
    if (tx === null) return
    const to = tx.blockNumber
    const from = to >= BigInt(LOG_RANGE_BLOCKS - 1) ? to - BigInt(LOG_RANGE_BLOCKS - 1) : 0n
    await judgeRead(
      run,
      'eth_getLogs',
      async () => (await run.client.logs(from, to)) as ReadValue,
      (raw, got, at) => judgeValue('logs', raw, got, at, ''),
    )
    noteShadowed(run, 'eth_getLogs', 'log')
  },
  'gas-price': (run) => judgeRead(run, 'eth_gasPrice', () => run.client.gasPrice(), quantity),
  'fee-data': (run) => judgeFees(run),
  call: async (run) => {
    const token = sampledToken(run)
    if (token === null) return
    await judgeRead(
      run,
      'eth_call',
      () => run.client.tokenBalance(token),
      (raw, got, at) => {
        if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(raw))
          return [
            {
              kind: 'schema-violation',
              message: `${at.label}: balanceOf answered ${showValue(raw)}, not one 32-byte word; the library read ${showValue(got)}`,
              exchange: at.exchange,
              pointer: at.pointer,
              expected: 'a 32-byte word',
              got: showValue(raw),
            } as Finding,
          ]
        return judgeValue('quantity', `0x${BigInt(raw).toString(16)}`, got, at, '')
      },
    )
  },
  'estimate-gas': async (run) => {
    const token = sampledToken(run)
    if (token !== null) await judgeRead(run, 'eth_estimateGas', () => run.client.estimateTransfer(token, token.holder), quantity)
  },
  'call-revert': async (run) => {
    const token = sampledToken(run)
    if (token !== null) await judgeRevert(run, 'eth_call', () => run.client.simulateTransfer(token, token.empty), 'call')
  },
  'estimate-gas-revert': async (run) => {
    const token = sampledToken(run)
    if (token !== null) await judgeRevert(run, 'eth_estimateGas', () => run.client.estimateTransfer(token, token.empty), 'estimate')
  },
  'raw.eth_getBlockRange': (run) => {
    const end = run.sample.block.number
    return judgeRaw(run, 'eth_getBlockRange', [toQuantity(end > 0n ? end - 1n : 0n), toQuantity(end), false])
  },
  'raw.rollup_getInfo': (run) => judgeRaw(run, 'rollup_getInfo', []),
  'raw.rollup_gasPrices': (run) => judgeRaw(run, 'rollup_gasPrices', []),
  'send-transaction': (run) => judgeSend(run),
}

/**
 * Whether an operation's check may send transactions in the full profile: it reads a transaction or
 * calls a token the chain may not hold yet (the run's sample then makes them), or it sends its own.
 */
export function operationMaySend(operation: string): boolean {
  return ['transaction', 'receipt', 'logs', 'call', 'estimate-gas', 'call-revert', 'estimate-gas-revert', 'send-transaction'].includes(operation)
}

/**
 * One HTTP operation of one library, as a check runs it: the run's sample, the library loaded and set
 * up over the run's HTTP transport (no retries, no polling, the chain id told), the operation's call,
 * bounded, and its judgement; the client closed whatever happened.
 */
export async function runOperation(probe: Probe, context: RunContext, library: LibraryName, operation: string): Promise<void> {
  const body = BODIES[operation]
  if (body === undefined) throw new Error(`no operation ${operation}`)
  const sample = await chainSample(context, { mayWrite: operationMaySend(operation) && operation !== 'send-transaction' })
  if ('problem' in sample) return probe.inconclusive(`the suite could not read the chain to choose what to ask: ${sample.problem}`, sample.exchange)
  const bridge = new HttpBridge(context.http!)
  let client: ClientAdapter | undefined
  try {
    const settings = { timeoutMs: context.config.timeoutMs, chainId: sample.chainId, pollingIntervalMs: POLL_MS, eip1559: sample.eip1559 }
    client = await openClient(library, bridge, settings)
    notePinned(probe, library, client.version)
    if (sample.sent !== null && operationMaySend(operation)) probe.note(`the chain held no transaction or token to read: the run's key sent ${sample.sent}`)
    if (library === 'web3' && !sample.eip1559 && (operation === 'send-transaction' || operation === 'fee-data'))
      probe.note('web3 set for a chain without EIP-1559 fees (defaultTransactionType 0x0), as its documentation asks')
    await body({ probe, context, library, client, bridge, sample, label: labelOf(library, operation), bound: callBoundMs(context.config.timeoutMs) })
  } finally {
    bridge.close()
    await client?.close().catch(() => undefined)
  }
}

/** Notes the library's version, and says so when it is not the pinned one. */
export function notePinned(probe: Probe, library: LibraryName, version: string): void {
  const pinned = LIBRARIES.find((entry) => entry.name === library)?.version
  probe.note(pinned === version ? `${library} ${version}` : `${library} ${version} (pinned: ${pinned ?? 'none'})`)
}
