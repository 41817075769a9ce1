import { LIBRARIES, OPERATIONS, parseClientCheckId } from '../clients/libraries.js'
import type { CheckResult, ClientMatrix, ResultStatus } from './result.js'

/**
 * The client-library matrix of a run (CLIENT-COMPAT): the libraries with their pinned versions, the
 * operations in their order, and one cell per library and operation that the results hold, with the
 * status of its check (`client.<library>.<operation>`). Null when the run holds no such check.
 */
export function clientMatrix(results: readonly CheckResult[]): ClientMatrix | null {
  const cells: ClientMatrix['cells'] = []
  for (const result of results) {
    const parsed = parseClientCheckId(result.id)
    if (parsed === null || result.requirement !== 'CLIENT-COMPAT') continue
    cells.push({ library: parsed.library, operation: parsed.operation, check: result.id, status: result.status })
  }
  if (cells.length === 0) return null
  const known = OPERATIONS.map((operation) => operation.id)
  const others = [...new Set(cells.map((cell) => cell.operation))].filter((operation) => !known.includes(operation)).sort()
  return {
    libraries: LIBRARIES.map(({ name, version }) => ({ name, version })),
    operations: [...known.filter((operation) => cells.some((cell) => cell.operation === operation)), ...others],
    cells,
  }
}

/** The status of one cell, or undefined when the run holds no check for it. */
export function cellStatus(matrix: ClientMatrix, library: string, operation: string): { status: ResultStatus; check: string } | undefined {
  return matrix.cells.find((cell) => cell.library === library && cell.operation === operation)
}
