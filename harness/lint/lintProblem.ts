/** One problem lint found in a spec file (requirement SPEC-VALID). */
export interface LintProblem {
  /** The file as the user named it. */
  file: string
  /** JSON Pointer (RFC 6901) into the file's document; `''` is the whole document. */
  pointer: string
  message: string
}

/** The line lint prints for a problem: `file#/json/pointer: reason`. */
export function formatProblem(problem: LintProblem): string {
  return `${problem.file}#${problem.pointer}: ${problem.message}`
}
