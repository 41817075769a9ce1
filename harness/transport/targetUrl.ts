import { HarnessError } from '../errors/harnessError.js'
import { maskUrl } from './maskUrl.js'

/**
 * Parses a target address given on the command line (--rpc, --ws, --rest); a bad one is a usage
 * error (exit 2, ARCHITECTURE.md CLI contract), its message never showing credentials.
 */
export function parseTargetUrl(url: string, what: string, protocols: readonly string[]): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new HarnessError('L2CONF_ERR_USAGE', `${what} ${JSON.stringify(maskUrl(url))} is not a URL`)
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new HarnessError('L2CONF_ERR_USAGE', `${what} ${maskUrl(url)} is not a ${protocols.map((p) => p.slice(0, -1)).join('/')} address`)
  }
  return parsed
}
