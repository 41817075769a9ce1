import type { OpenApiSpec, OperationSpec } from '../spec/loadOpenApi.js'
import type { MethodSpec, OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Exchange } from '../transport/exchange.js'
import type { Coverage, MethodCoverage, OperationCoverage } from './coverage.js'
import { coverageTotals } from './coverageTotals.js'
import { pathTemplates } from './pathTemplates.js'
import { admitsNull, branchClassifier, classifiable, type BranchClassifier } from './schemaBranches.js'
import { sameJson } from './sameJson.js'

/** Watches a run's exchanges and says what of the specs they exercised. */
export interface CoverageRecorder {
  /** Counts one exchange (a JSON-RPC call or batch over HTTP or WebSocket, or a REST request). Never throws, whatever the exchange holds. */
  observe(exchange: Exchange): void
  /** Counts one WebSocket notification (a subscription's frame). */
  observeNotification?(message: unknown): void
  /** What was covered so far: a fresh plain JSON value (report.json's `coverage`). */
  result(): Coverage
}

/** Distinct undeclared names (methods, REST paths, error codes, statuses) kept per list; the rest are counted under one more entry. */
export const MAX_UNDECLARED = 50
/** Characters of an undeclared method name or path kept (the rest cut, marked with an ellipsis). */
export const MAX_NAME_LENGTH = 200
/** The entry the undeclared names past MAX_UNDECLARED are counted under. */
export const MORE_UNDECLARED = '(more)'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

interface MethodState {
  spec: MethodSpec
  entry: MethodCoverage
  /** Declared error code → its place in entry.errors. */
  errorIndex: Map<number, number>
  /** Per param: its classifier (null when its schema has no top-level alternatives; each alternative compiled when first needed). */
  paramClassifiers: Array<BranchClassifier | null>
  resultClassifier: BranchClassifier | undefined
}

interface OperationState {
  entry: OperationCoverage
  statusIndex: Map<string, number>
}

/**
 * The coverage recorder of one run (ARCHITECTURE.md, where coverage is computed): every exchange
 * passes `observe` (runContext's onExchange, offline judging of transcripts, the proxy). The work
 * per call is a few lookups and, for a method whose param or result schema is a top-level
 * `oneOf`/`anyOf`, one validation per alternative, each compiled once per spec when first needed;
 * answers of failed exchanges and values past the size bound are not classified, only counted.
 * @example const coverage = createCoverage(specs); options.onExchange = (e) => coverage.observe(e); report.coverage = coverage.result()
 */
export function createCoverage(specs: { openrpc: OpenRpcSpec; openapi: OpenApiSpec }): CoverageRecorder {
  const { openrpc, openapi } = specs
  const validatorAt = (pointer: string) => openrpc.schemaAt(pointer)?.validate
  const methods = new Map<string, MethodState>()
  const methodOrder: MethodState[] = openrpc.methods.map((spec, methodIndex) => {
    const state: MethodState = {
      spec,
      entry: emptyMethod(spec),
      errorIndex: new Map(),
      paramClassifiers: [],
      resultClassifier: spec.result.pointer === undefined ? undefined : branchClassifier(spec.result.schema, spec.result.pointer, validatorAt),
    }
    for (const [index, error] of state.entry.errors.entries()) state.errorIndex.set(error.code, index)
    if (state.resultClassifier !== undefined) state.entry.result.branches = state.resultClassifier.empty()
    for (const [paramIndex, param] of spec.params.entries()) {
      const classifier = branchClassifier(param.schema, `/methods/${methodIndex}/params/${paramIndex}/schema`, validatorAt)
      state.paramClassifiers.push(classifier ?? null)
      const target = state.entry.params[paramIndex]
      if (classifier !== undefined && target !== undefined) target.branches = classifier.empty()
    }
    methods.set(spec.name, state)
    return state
  })
  const operationOrder: OperationState[] = openapi.operations.map((operation) => ({
    entry: emptyOperation(operation),
    statusIndex: new Map(Object.keys(operation.responses).map((status, index) => [status, index])),
  }))
  const operations = new Map(operationOrder.map((state) => [`${state.entry.method} ${state.entry.path}`, state]))
  const templates = pathTemplates(openapi.operations.map((operation) => operation.path))

  const undeclaredMethods = new Map<string, number>()
  const undeclaredOperations = new Map<string, { method: string; path: string; calls: number }>()
  const exchanges = { observed: 0, raw: 0, notifications: 0, unclassified: { failed: 0, large: 0 } }

  const countUndeclaredMethod = (sent: string): void => {
    const name = boundedName(sent)
    const key = undeclaredMethods.has(name) || undeclaredMethods.size < MAX_UNDECLARED ? name : MORE_UNDECLARED
    undeclaredMethods.set(key, (undeclaredMethods.get(key) ?? 0) + 1)
  }

  /** One call (alone or an item of a batch) and the answer it got (undefined: none). */
  const observeCall = (exchange: Exchange, call: Json, answer: Json | undefined, inBatch: boolean): void => {
    const name = call['method']
    if (typeof name !== 'string') return
    const state = methods.get(name)
    if (state === undefined) {
      countUndeclaredMethod(name)
      return
    }
    const { entry, spec } = state
    entry.calls++
    if (exchange.transport === 'ws') entry.transports.ws++
    else entry.transports.http++
    if (inBatch) entry.transports.batch++

    const values = positionalParams(call['params'], spec)
    const failed = exchange.failure !== undefined
    // A value past the size bound (a limit search's big param) is counted, not classified.
    let large = false
    for (const [index, param] of entry.params.entries()) {
      const value = values === undefined ? undefined : values[index]
      if (value === undefined) {
        param.omitted++
        continue
      }
      param.given++
      const classifier = state.paramClassifiers[index]
      if (param.branches === undefined || failed || !classifier) continue
      if (classifiable(value, undefined)) classifier.classify(value, param.branches)
      else large = true
    }
    if (values !== undefined) {
      for (const [index, example] of spec.examples.entries()) {
        const exercised = entry.examples[index]
        if (exercised !== undefined && sameParams(values, example.params)) exercised.exercised++
      }
    }

    if (failed) {
      if (hasBranches(entry)) exchanges.unclassified.failed++
      return
    }
    if (answer === undefined) {
      if (large) exchanges.unclassified.large++
      return
    }
    if ('result' in answer) {
      entry.answered++
      const result = answer['result']
      entry.result.results++
      if (result === null) entry.result.null++
      const branches = entry.result.branches
      if (branches !== undefined && state.resultClassifier !== undefined) {
        // A batch's bytes are its items' together: each item is bounded by its own count of values instead.
        if (classifiable(result, inBatch ? undefined : exchange.responseBytes)) state.resultClassifier.classify(result, branches)
        else large = true
      }
    } else if (isObject(answer['error'])) {
      entry.answered++
      const code = answer['error']['code']
      if (typeof code === 'number' && Number.isInteger(code)) countError(state, code)
    }
    if (large) exchanges.unclassified.large++
  }

  const observeRpc = (exchange: Exchange): void => {
    const request = exchange.request
    const failed = exchange.failure !== undefined
    if (Array.isArray(request)) {
      const answers = failed || !Array.isArray(exchange.response) ? undefined : answersById(exchange.response)
      for (const item of request) {
        if (!isObject(item)) continue
        observeCall(exchange, item, answers === undefined || !('id' in item) ? undefined : answers.get(idKey(item['id'])), true)
      }
      return
    }
    if (!isObject(request)) return
    const answer = !failed && isObject(exchange.response) && ('result' in exchange.response || 'error' in exchange.response) ? exchange.response : undefined
    observeCall(exchange, request, answer, false)
  }

  const observeRest = (exchange: Exchange): void => {
    const request = exchange.request
    if (!isObject(request)) return
    const method = typeof request['method'] === 'string' ? request['method'].toUpperCase() : 'GET'
    // Live: the whole address (`url`); in a transcript, the path and query (`path`), the manifest naming the target.
    const address = typeof request['url'] === 'string' ? request['url'] : typeof request['path'] === 'string' ? `http://recorded${request['path']}` : undefined
    let url: URL
    try {
      if (address === undefined) return
      url = new URL(address)
    } catch {
      return
    }
    const template = templates.match(url.pathname)
    const state = template === undefined ? undefined : operations.get(`${method} ${template}`)
    if (state === undefined) {
      const path = template ?? boundedName(url.pathname)
      const key = `${method} ${path}`
      const counted = undeclaredOperations.get(key) ?? (undeclaredOperations.size < MAX_UNDECLARED ? { method, path, calls: 0 } : undefined)
      const target = counted ?? undeclaredOperations.get(MORE_UNDECLARED) ?? { method: MORE_UNDECLARED, path: MORE_UNDECLARED, calls: 0 }
      target.calls++
      undeclaredOperations.set(counted === undefined ? MORE_UNDECLARED : key, target)
      return
    }
    const { entry } = state
    entry.calls++
    const headers = isObject(request['headers']) ? Object.keys(request['headers']).map((name) => name.toLowerCase()) : []
    for (const param of entry.params) {
      const given =
        param.in === 'path' ||
        (param.in === 'query' && url.searchParams.has(param.name)) ||
        (param.in === 'header' && headers.includes(param.name.toLowerCase())) ||
        (param.in === 'cookie' && cookieNames(request['headers']).includes(param.name))
      if (given) param.given++
      else param.omitted++
    }
    const status = exchange.failure === undefined ? exchange.httpStatus : undefined
    if (status === undefined) return
    entry.answered++
    const key = [String(status), `${String(status).charAt(0)}XX`, 'default'].find((candidate) => state.statusIndex.has(candidate))
    const declared = key === undefined ? undefined : entry.statuses[state.statusIndex.get(key) ?? -1]
    if (declared !== undefined) declared.seen++
    else
      countInto(
        entry.undeclaredStatuses,
        (item) => item.status === status,
        () => ({ status, seen: 0 }),
      )
  }

  return {
    observe(exchange) {
      exchanges.observed++
      if (exchange.requestIsRaw === true) {
        exchanges.raw++
        return
      }
      if (exchange.protocol === 'rest') observeRest(exchange)
      else observeRpc(exchange)
    },
    observeNotification() {
      exchanges.notifications++
    },
    result() {
      const coverage: Coverage = {
        specs: { openrpc: { sha256: openrpc.sha256, version: openrpc.version }, openapi: { sha256: openapi.sha256, version: openapi.version } },
        totals: coverageTotals([], []),
        methods: methodOrder.map((state) => structuredClone(state.entry)),
        undeclaredMethods: [...undeclaredMethods].map(([name, calls]) => ({ name, calls })),
        operations: operationOrder.map((state) => structuredClone(state.entry)),
        undeclaredOperations: [...undeclaredOperations.values()].map((entry) => ({ ...entry })),
        exchanges: structuredClone(exchanges),
      }
      coverage.totals = coverageTotals(coverage.methods, coverage.operations)
      return coverage
    },
  }
}

function countError(state: MethodState, code: number): void {
  const index = state.errorIndex.get(code)
  const declared = index === undefined ? undefined : state.entry.errors[index]
  if (declared !== undefined) declared.seen++
  else
    countInto(
      state.entry.undeclaredErrors,
      (item) => item.code === code,
      () => ({ code, seen: 0 }),
    )
}

/** A name kept in a report: a client's method name or path may be any length (the proxy's traffic), a report's is bounded. */
function boundedName(name: string): string {
  return name.length <= MAX_NAME_LENGTH ? name : `${name.slice(0, MAX_NAME_LENGTH - 1)}…`
}

/** Adds one to the entry `matches` finds in a list kept to MAX_UNDECLARED entries (past that, the last entry counts the rest). */
function countInto<T extends { seen: number }>(list: T[], matches: (item: T) => boolean, make: () => T): void {
  let entry = list.find(matches) ?? (list.length < MAX_UNDECLARED ? undefined : list[list.length - 1])
  if (entry === undefined) {
    entry = make()
    list.push(entry)
  }
  entry.seen++
}

function hasBranches(entry: MethodCoverage): boolean {
  return entry.result.branches !== undefined || entry.params.some((param) => param.branches !== undefined)
}

/** A call's params in the method's declared order (by-name params placed by name); undefined when they are neither an array nor an object. */
function positionalParams(params: unknown, spec: MethodSpec): unknown[] | undefined {
  if (params === undefined) return []
  if (Array.isArray(params)) return params
  if (!isObject(params)) return undefined
  return spec.params.map((param) => (Object.prototype.hasOwnProperty.call(params, param.name) ? params[param.name] : undefined))
}

/** Whether a call sent exactly an example pairing's params (trailing params the call left out count as absent in both). */
function sameParams(values: readonly unknown[], example: readonly unknown[]): boolean {
  let length = values.length
  while (length > 0 && values[length - 1] === undefined) length--
  if (length !== example.length) return false
  for (let index = 0; index < length; index++) if (!sameJson(values[index], example[index])) return false
  return true
}

function idKey(id: unknown): string {
  return typeof id === 'string' ? `s${id}` : `n${String(id)}`
}

function answersById(items: readonly unknown[]): Map<string, Json> {
  const answers = new Map<string, Json>()
  for (const item of items) {
    if (isObject(item) && ('result' in item || 'error' in item) && !answers.has(idKey(item['id']))) answers.set(idKey(item['id']), item)
  }
  return answers
}

function cookieNames(headers: unknown): string[] {
  if (!isObject(headers)) return []
  const cookie = Object.entries(headers).find(([name]) => name.toLowerCase() === 'cookie')?.[1]
  return typeof cookie === 'string' ? cookie.split(';').map((pair) => pair.split('=')[0]?.trim() ?? '') : []
}

function emptyMethod(spec: MethodSpec): MethodCoverage {
  return {
    name: spec.name,
    calls: 0,
    answered: 0,
    transports: { http: 0, ws: 0, batch: 0 },
    examples: spec.examples.map((example) => ({ name: example.name, exercised: 0 })),
    params: spec.params.map((param) => ({ name: param.name, required: param.required, given: 0, omitted: 0 })),
    result: { results: 0, nullable: admitsNull(spec.result.schema), null: 0 },
    // Codes are what an answer tells apart: a code declared twice (two messages of -32602) is one cell, named by its first message.
    errors: spec.errors
      .filter((error, index) => spec.errors.findIndex((other) => other.code === error.code) === index)
      .map((error) => ({ code: error.code, message: error.message, seen: 0 })),
    undeclaredErrors: [],
  }
}

function emptyOperation(operation: OperationSpec): OperationCoverage {
  const entry: OperationCoverage = {
    method: operation.method.toUpperCase(),
    path: operation.path,
    calls: 0,
    answered: 0,
    statuses: Object.keys(operation.responses).map((status) => ({ status, seen: 0 })),
    undeclaredStatuses: [],
    params: operation.parameters.map((param) => ({ name: param.name, in: param.in, required: param.required, given: 0, omitted: 0 })),
  }
  if (operation.operationId !== undefined) entry.operationId = operation.operationId
  return entry
}
