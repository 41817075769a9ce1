import type { Branches, Coverage, CoverageTotals, Covered, MethodCoverage, OperationCoverage } from './coverage.js'

/** One method's row of the coverage matrix, each cell counted covered out of declared, and what is left uncovered in words. */
export interface MethodCells {
  name: string
  calls: number
  transports: MethodCoverage['transports']
  examples: Covered
  params: Covered
  optionalOmitted: Covered
  paramBranches: Covered
  resultBranches: Covered
  /** Null results seen, or undefined when the result cannot be null. */
  nullResults: number | undefined
  errors: Covered
  undeclaredErrors: number[]
  /** What of the method no call exercised: `example twoBlocks`, `param start branch integer`, `error -32000`... */
  uncovered: string[]
}

/** One REST operation's row of the coverage matrix. */
export interface OperationCells {
  name: string
  calls: number
  statuses: Covered
  undeclaredStatuses: number[]
  params: Covered
  uncovered: string[]
}

function covered(items: readonly boolean[]): Covered {
  return { covered: items.filter(Boolean).length, declared: items.length }
}

function branchItems(branches: Branches | undefined): boolean[] {
  return branches?.branches.map((branch) => branch.matched > 0) ?? []
}

function unmatchedBranches(branches: Branches | undefined, where: string): string[] {
  return (branches?.branches ?? []).filter((branch) => branch.matched === 0).map((branch) => `${where} branch ${branch.label}`)
}

/** A method's row of the matrix. */
export function methodCells(method: MethodCoverage): MethodCells {
  // A method never called left every cell uncovered: saying so once is the whole of it.
  const uncovered =
    method.calls === 0
      ? ['never called']
      : [
          ...method.examples.filter((example) => example.exercised === 0).map((example) => `example ${example.name}`),
          ...method.params.filter((param) => param.given === 0).map((param) => `param ${param.name} never given`),
          ...method.params.filter((param) => !param.required && param.omitted === 0).map((param) => `param ${param.name} never omitted`),
          ...method.params.flatMap((param) => unmatchedBranches(param.branches, `param ${param.name}`)),
          ...unmatchedBranches(method.result.branches, 'result'),
          ...(method.result.nullable && method.result.null === 0 ? ['result null'] : []),
          ...method.errors.filter((error) => error.seen === 0).map((error) => `error ${error.code}`),
        ]
  return {
    name: method.name,
    calls: method.calls,
    transports: method.transports,
    examples: covered(method.examples.map((example) => example.exercised > 0)),
    params: covered(method.params.map((param) => param.given > 0)),
    optionalOmitted: covered(method.params.filter((param) => !param.required).map((param) => param.omitted > 0)),
    paramBranches: covered(method.params.flatMap((param) => branchItems(param.branches))),
    resultBranches: covered(branchItems(method.result.branches)),
    nullResults: method.result.nullable ? method.result.null : undefined,
    errors: covered(method.errors.map((error) => error.seen > 0)),
    undeclaredErrors: method.undeclaredErrors.map((error) => error.code),
    uncovered,
  }
}

/** A REST operation's row of the matrix. */
export function operationCells(operation: OperationCoverage): OperationCells {
  const params = operation.params.filter((param) => param.in !== 'path')
  return {
    name: `${operation.method} ${operation.path}`,
    calls: operation.calls,
    statuses: covered(operation.statuses.map((status) => status.seen > 0)),
    undeclaredStatuses: operation.undeclaredStatuses.map((status) => status.status),
    params: covered(params.map((param) => param.given > 0)),
    uncovered:
      operation.calls === 0
        ? ['never called']
        : [
            ...operation.statuses.filter((status) => status.seen === 0).map((status) => `status ${status.status}`),
            ...params.filter((param) => param.given === 0).map((param) => `${param.in} param ${param.name} never given`),
          ],
  }
}

/** `covered/declared`, or `-` when nothing is declared. */
export function ratio(cell: Covered): string {
  return cell.declared === 0 ? '-' : `${cell.covered}/${cell.declared}`
}

/** How full a cell is: all of it, some, none, or nothing declared. */
export function fullness(cell: Covered): 'full' | 'part' | 'none' | 'empty' {
  if (cell.declared === 0) return 'empty'
  return cell.covered === cell.declared ? 'full' : cell.covered === 0 ? 'none' : 'part'
}

/** The names of the totals, in the order the reports print them. */
const TOTAL_NAMES: ReadonlyArray<[keyof CoverageTotals, string]> = [
  ['methods', 'methods called'],
  ['examples', 'examples exercised'],
  ['params', 'params given'],
  ['optionalOmitted', 'optional params omitted'],
  ['paramBranches', 'param schema branches'],
  ['resultBranches', 'result schema branches'],
  ['nullResults', 'nullable results seen null'],
  ['errors', 'declared error codes seen'],
  ['operations', 'REST operations called'],
  ['statuses', 'REST statuses seen'],
  ['restParams', 'REST params given'],
]

/** The totals in the order the reports print them, each with a name a person reads. */
export function totalsRows(totals: CoverageTotals): Array<{ key: keyof CoverageTotals; name: string; cell: Covered }> {
  return TOTAL_NAMES.map(([key, name]) => ({ key, name, cell: totals[key] }))
}

/** A percentage for a person: whole numbers, `-` when nothing is declared. */
export function percent(cell: Covered): string {
  return cell.declared === 0 ? '-' : `${Math.floor((cell.covered / cell.declared) * 100)}%`
}

/**
 * Every cell of the matrix a coverage covered, named (`eth_getBlockRange param start branch integer`,
 * `GET /portfolio status 400`...): what two coverages differ by, cell by cell (a skipped check, a
 * spec change).
 */
export function coveredCells(coverage: Coverage): Set<string> {
  const cells = new Set<string>()
  for (const method of coverage.methods) {
    const at = (what: string): void => void cells.add(`${method.name} ${what}`)
    if (method.calls > 0) at('called')
    for (const [transport, calls] of Object.entries(method.transports)) if (calls > 0) at(`over ${transport}`)
    for (const example of method.examples) if (example.exercised > 0) at(`example ${example.name}`)
    for (const param of method.params) {
      if (param.given > 0) at(`param ${param.name} given`)
      if (param.omitted > 0) at(`param ${param.name} omitted`)
      for (const branch of param.branches?.branches ?? []) if (branch.matched > 0) at(`param ${param.name} branch ${branch.label}`)
    }
    for (const branch of method.result.branches?.branches ?? []) if (branch.matched > 0) at(`result branch ${branch.label}`)
    if (method.result.null > 0) at('result null')
    for (const error of method.errors) if (error.seen > 0) at(`error ${error.code}`)
  }
  for (const operation of coverage.operations) {
    const at = (what: string): void => void cells.add(`${operation.method} ${operation.path} ${what}`)
    if (operation.calls > 0) at('called')
    for (const status of operation.statuses) if (status.seen > 0) at(`status ${status.status}`)
    for (const param of operation.params) if (param.given > 0) at(`${param.in} param ${param.name} given`)
  }
  return cells
}
