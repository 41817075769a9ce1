/**
 * What a spec validator reports: one issue per problem, each naming the place in the validated
 * value (a JSON Pointer, `''` for the value itself) and what is wrong there.
 */
export interface ValidationIssue {
  /** JSON Pointer (RFC 6901) into the validated value; `''` is the value itself. */
  pointer: string
  /** What is wrong, for a person: e.g. `must match pattern "^0x[0-9a-f]{64}$"`. */
  message: string
}

/** A compiled validator: `[]` when the value is valid, otherwise every issue found (all errors, not the first). */
export type Validate = (value: unknown) => ValidationIssue[]
