import { JsonShapeScanner } from '../../common/jsonShape.js'
import { ErrorCode } from '../rpc/rpcError.js'
import { encodeError, type JsonText } from './jsonRpcResponse.js'

/**
 * Requests shorter than this are parsed without a look at their shape: they cannot hold enough
 * members to cost JSON.parse more than a few milliseconds (at most about 4,000 of them).
 */
export const SHAPE_SCAN_FROM_BYTES = 16 * 1024

/**
 * The answer to a request refused unparsed for its shape, or undefined when it is to be parsed.
 * JSON.parse of one object of 300,000 members (a 5 MB body) holds the one thread for over a second,
 * every other client waiting; nesting past MAX_JSON_DEPTH risks the stack. So a request with an
 * object wider than MAX_OBJECT_MEMBERS, more than MAX_MEMBER_NAMES distinct member names, or nested
 * deeper is answered -32700 (it was not parsed) with id null, as a text that could not be read.
 * @example refusedRequest(Buffer.from(`{"params":[{${wide}}]}`)) // '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,...}}'
 */
export function refusedRequest(bytes: Uint8Array): JsonText | undefined {
  if (bytes.length < SHAPE_SCAN_FROM_BYTES) return undefined
  const shape = new JsonShapeScanner()
  shape.scan(bytes)
  if (shape.refusal === undefined) return undefined
  return encodeError(null, { code: ErrorCode.parseError, message: `parse error: the request ${shape.refusal}; it was not parsed` })
}
