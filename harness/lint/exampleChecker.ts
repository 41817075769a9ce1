import { isHarnessError } from '../errors/harnessError.js'
import type { DocumentValidators } from '../spec/documentValidators.js'
import type { ValidationIssue } from '../spec/validationIssue.js'
import type { RefDependencies } from './refDependencies.js'

/** Checks one example against the schema it illustrates. */
export type CheckExample = (schemaPointer: string, value: unknown, valuePointer: string) => void

/**
 * Returns a function that validates an example (at `valuePointer`) against the schema at
 * `schemaPointer` and pushes each problem onto `issues`, pointing into the example; a schema that
 * cannot be compiled becomes one "cannot check this example" issue rather than an exception. With
 * `refs`, an example whose schema needs a `$ref` that does not resolve is left out, and recorded as
 * left out because of that ref (its problem says so), instead of failing to compile.
 */
export function exampleChecker(validators: DocumentValidators, issues: ValidationIssue[], refs?: RefDependencies): CheckExample {
  return (schemaPointer, value, valuePointer) => {
    const blocked = refs?.brokenUnder(schemaPointer) ?? []
    if (blocked.length > 0) {
      refs?.leaveOut(blocked, 'example', valuePointer)
      return
    }
    try {
      for (const issue of validators.at(schemaPointer)(value)) issues.push({ pointer: valuePointer + issue.pointer, message: issue.message })
    } catch (error) {
      if (!isHarnessError(error)) throw error
      issues.push({ pointer: valuePointer, message: `cannot check this example: ${error.message}` })
    }
  }
}
