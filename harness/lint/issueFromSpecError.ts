import type { HarnessError } from '../errors/harnessError.js'
import type { ValidationIssue } from '../spec/validationIssue.js'

/** A loader's L2CONF_ERR_SPEC error as a lint issue: its pointer, its message without the `file#pointer: ` prefix. */
export function issueFromSpecError(error: HarnessError, file: string): ValidationIssue {
  const pointer = typeof error.details['pointer'] === 'string' ? error.details['pointer'] : ''
  let message = error.message
  for (const prefix of [`${file}#${pointer}: `, `${file}: `]) {
    if (message.startsWith(prefix)) {
      message = message.slice(prefix.length)
      break
    }
  }
  return { pointer, message }
}
