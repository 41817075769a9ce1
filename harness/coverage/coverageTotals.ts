import type { Branches, Covered, CoverageTotals, MethodCoverage, OperationCoverage } from './coverage.js'

function tally(items: readonly boolean[]): Covered {
  return { covered: items.filter(Boolean).length, declared: items.length }
}

function branchCells(branches: Branches | undefined): boolean[] {
  return branches === undefined ? [] : branches.branches.map((branch) => branch.matched > 0)
}

/** The totals line of a coverage: each cell of the matrix counted covered or not, out of what the documents declare. */
export function coverageTotals(methods: readonly MethodCoverage[], operations: readonly OperationCoverage[]): CoverageTotals {
  return {
    methods: tally(methods.map((method) => method.calls > 0)),
    examples: tally(methods.flatMap((method) => method.examples.map((example) => example.exercised > 0))),
    params: tally(methods.flatMap((method) => method.params.map((param) => param.given > 0))),
    optionalOmitted: tally(methods.flatMap((method) => method.params.filter((param) => !param.required).map((param) => param.omitted > 0))),
    paramBranches: tally(methods.flatMap((method) => method.params.flatMap((param) => branchCells(param.branches)))),
    resultBranches: tally(methods.flatMap((method) => branchCells(method.result.branches))),
    nullResults: tally(methods.filter((method) => method.result.nullable).map((method) => method.result.null > 0)),
    errors: tally(methods.flatMap((method) => method.errors.map((error) => error.seen > 0))),
    operations: tally(operations.map((operation) => operation.calls > 0)),
    statuses: tally(operations.flatMap((operation) => operation.statuses.map((status) => status.seen > 0))),
    restParams: tally(operations.flatMap((operation) => operation.params.filter((param) => param.in !== 'path').map((param) => param.given > 0))),
  }
}
