import { rootCertificates } from 'node:tls'
import type { RunConfig } from '../run/runConfig.js'
import type { TransportOptions } from '../transport/transportOptions.js'
import { readCaFile } from './readCaFile.js'

/**
 * The TLS settings every transport of a run uses (--ca, --insecure): the CAs of `--ca` in addition
 * to the public ones Node trusts (a private CA for the node, a public one for the REST API, say),
 * or no verification at all. Undefined when neither flag was given (Node's defaults).
 * Throws HarnessError L2CONF_ERR_USAGE when the --ca file cannot be used (see readCaFile).
 */
export function transportTls(tls: RunConfig['tls']): TransportOptions['tls'] {
  if (tls.ca === null && !tls.insecure) return undefined
  const options: NonNullable<TransportOptions['tls']> = {}
  // Node's `ca` replaces its list of public CAs; --ca means "trust this one too".
  if (tls.ca !== null) options.ca = `${readCaFile(tls.ca)}${rootCertificates.join('\n')}\n`
  if (tls.insecure) options.insecure = true
  return options
}
