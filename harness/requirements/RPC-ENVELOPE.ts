import { requirement } from './requirement.js'

/** RPC-ENVELOPE: every response is a well-formed JSON-RPC 2.0 response to its request. */
export const row = requirement({
  id: 'RPC-ENVELOPE',
  level: 'MUST',
  text: 'every response: jsonrpc "2.0", the request\'s id, exactly one of result/error; error has integer code and string message',
  section: '4.1; JSON-RPC 2.0, section 5',
})

/**
 * The request ids the envelope checks send, one of each JSON type and edge: zero (falsy), one, a
 * number past 32-bit signed, a string, the empty string (falsy). A node must echo each as it came.
 */
export const ENVELOPE_IDS: readonly (number | string)[] = [0, 1, 2 ** 31, 'l2conf-7', '']

/** A method no node serves: its answer is an error, whose envelope is judged too. */
export const UNKNOWN_METHOD = 'l2conf_noSuchMethod'

export { checkBatchEnvelope, checkEnvelope, envelopeProblems, transportFindings } from '../checks/envelopeFindings.js'
