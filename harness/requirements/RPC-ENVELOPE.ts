import { boundedJson } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import type { Exchange } from '../transport/exchange.js'
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

/** A notification: a request without an id. The server must not reply to it (JSON-RPC 2.0, section 4.1). */
export const NOTIFICATION = { jsonrpc: '2.0', method: 'eth_chainId', params: [] } as const

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * RPC-ENVELOPE (JSON-RPC 2.0, section 4.1: "The Server MUST NOT reply to a Notification"): a single
 * notification sent over HTTP gets an HTTP answer with no JSON-RPC response in it (204, or 200 with
 * an empty body, as geth and Anvil answer). A JSON-RPC response (a result, or an error such as
 * -32600) is a finding; so is no HTTP answer at all, as a server that hangs on a notification
 * leaves its client waiting. Anything else in the body (not JSON-RPC) says nothing of the rule.
 */
export function checkNotificationUnanswered(exchange: Exchange): Finding[] {
  if (exchange.failure !== undefined && exchange.httpStatus === undefined) {
    return [
      {
        kind: 'no-answer',
        message: `a notification (eth_chainId without an id) got no HTTP answer: ${exchange.failure.message} (${exchange.failure.code})`,
        exchange,
      },
    ]
  }
  const answered = [exchange.response].flat().find((item) => isObject(item) && item.jsonrpc === '2.0' && ('result' in item || 'error' in item))
  if (answered === undefined) return []
  return [
    {
      kind: 'envelope',
      message: `a notification (eth_chainId without an id) was answered ${boundedJson(answered, 200)}; JSON-RPC 2.0 (section 4.1) says a server must not reply to a notification`,
      exchange,
    },
  ]
}

export { checkBatchEnvelope, checkEnvelope, envelopeProblems, transportFindings } from '../checks/envelopeFindings.js'
