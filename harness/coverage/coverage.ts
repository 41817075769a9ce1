/**
 * What of the specs a run (a check of transcripts, a proxy's traffic) exercised: report.json's
 * `coverage`. Every method of the OpenRPC document and every operation of the OpenAPI document is
 * listed, called or not, in the documents' order; every count is a number of calls, so the coverage
 * of several parts (shards, fleet targets) is their sum (mergeCoverage). A plain JSON value.
 */
export interface Coverage {
  /** The documents this coverage is of (the sha256 of each file's bytes, as in report.json's `specs`). */
  specs: { openrpc: CoveredSpec; openapi: CoveredSpec }
  totals: CoverageTotals
  /** Every method of the OpenRPC document, in its order. */
  methods: MethodCoverage[]
  /** Methods called that the document does not declare (unknown-method probes, a client's own calls), by name. */
  undeclaredMethods: Array<{ name: string; calls: number }>
  /** Every operation (path and HTTP method) of the OpenAPI document, in its order. */
  operations: OperationCoverage[]
  /** REST requests no declared operation matches, by HTTP method and path (the template when only the method is undeclared). */
  undeclaredOperations: Array<{ method: string; path: string; calls: number }>
  exchanges: ExchangeCounts
}

export interface CoveredSpec {
  sha256: string
  version: string
}

/** A pair of counts: how many of the declared items were covered. */
export interface Covered {
  covered: number
  declared: number
}

/** The matrix in a line each: what was covered of what the documents declare. */
export interface CoverageTotals {
  /** Methods called at least once. */
  methods: Covered
  /** Example pairings whose params a call sent exactly. */
  examples: Covered
  /** Params given at least once. */
  params: Covered
  /** Optional params left out of at least one call. */
  optionalOmitted: Covered
  /** `oneOf`/`anyOf` branches of params' schemas that a given value matched. */
  paramBranches: Covered
  /** `oneOf`/`anyOf` branches of results' schemas that a result matched. */
  resultBranches: Covered
  /** Methods whose result may be null that answered null at least once. */
  nullResults: Covered
  /** Declared error codes answered at least once. */
  errors: Covered
  /** REST operations called at least once. */
  operations: Covered
  /** Declared REST status codes (`200`, `4XX`, `default`) answered at least once. */
  statuses: Covered
  /** REST parameters given at least once (query, header and cookie ones: every call of an operation gives its path params). */
  restParams: Covered
}

/** One alternative of a schema's `oneOf`/`anyOf`: its place, a name for a person (its title), and how many values matched it. */
export interface Branch {
  index: number
  label: string
  matched: number
}

/** Branches of a schema whose top level is a `oneOf`/`anyOf`, and how many classified values matched none of them. */
export interface Branches {
  keyword: 'oneOf' | 'anyOf'
  branches: Branch[]
  unmatched: number
}

export interface MethodCoverage {
  name: string
  /** Requests that named the method (each item of a batch once). */
  calls: number
  /** Calls that got an answer with a result or an error (the rest failed: time-out, unusable transport, no item for it in a batch answer). */
  answered: number
  /** Calls by how they travelled: over HTTP, over WebSocket, and (also counted in one of those) inside a batch. */
  transports: { http: number; ws: number; batch: number }
  /** The method's example pairings, each with the calls whose params equalled its params. */
  examples: Array<{ name: string; exercised: number }>
  params: ParamCoverage[]
  result: ResultCoverage
  /** The declared error codes (each once, with its first declaration's message), each with how many answers carried it. */
  errors: Array<{ code: number; message: string; seen: number }>
  /** Error codes answered that the method does not declare. */
  undeclaredErrors: Array<{ code: number; seen: number }>
}

export interface ParamCoverage {
  name: string
  required: boolean
  /** Calls that gave a value for it (null included). */
  given: number
  /** Calls that left it out (positional params past the end, or a name absent from by-name params). */
  omitted: number
  /** Present when the param's schema is a top-level `oneOf`/`anyOf`: which alternative each given value matched. */
  branches?: Branches
}

export interface ResultCoverage {
  /** Answers that carried a result. */
  results: number
  /** Present when the result's schema is a top-level `oneOf`/`anyOf`. */
  branches?: Branches
  /** Whether the result's schema admits null. */
  nullable: boolean
  /** Results that were null. */
  null: number
}

export interface OperationCoverage {
  /** Upper case, as sent (`GET`). */
  method: string
  /** The path template as the document writes it (`/v2/treasury/tokens`). */
  path: string
  operationId?: string
  calls: number
  /** Calls that got an HTTP status back. */
  answered: number
  /** The declared response keys (`200`, `4XX`, `default`), each with how many answers it described. */
  statuses: Array<{ status: string; seen: number }>
  /** Statuses answered that no declared response key describes. */
  undeclaredStatuses: Array<{ status: number; seen: number }>
  params: Array<{ name: string; in: 'query' | 'path' | 'header' | 'cookie'; required: boolean; given: number; omitted: number }>
}

/** What was observed, and what of it was left out of branch classification (and why). */
export interface ExchangeCounts {
  /** Exchanges observed (a batch is one). */
  observed: number
  /** Requests sent as raw text (malformed-JSON probes): they name no method that can be trusted. */
  raw: number
  /** WebSocket notifications observed. */
  notifications: number
  /** Calls whose branches were not classified: the exchange failed, or the value was past the size bound (CLASSIFY_MAX_BYTES). */
  unclassified: { failed: number; large: number }
}
