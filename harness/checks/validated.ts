import type { Validate, ValidationIssue } from '../spec/validationIssue.js'
import { errorText } from './outcomeOf.js'

/**
 * The issues `validate` finds in a value a target sent, total: a validator that throws (a value too
 * deep or too odd for it) has not found the value valid, so the throw is an issue at the value itself.
 * @example validated(schema.validate, block) // [] when valid
 */
export function validated(validate: Validate, value: unknown): ValidationIssue[] {
  try {
    return validate(value)
  } catch (error) {
    return [{ pointer: '', message: `cannot be validated (${errorText(error)})` }]
  }
}
