import type { RunConfig } from '../run/runConfig.js'
import type { StartReferenceOptions } from './startReference.js'

/**
 * How the bundled reference is started for a run: a live chain under --block-time S, on the ports
 * --port and --rest-port name (free ones by default). A module of its own so that `l2conf run` can
 * start the reference before it loads the modules that run the checks.
 */
export function referenceOptions(config: Pick<RunConfig, 'blockTime' | 'referencePorts'>): StartReferenceOptions {
  return {
    ...(config.blockTime === null ? {} : { args: ['--block-time', String(config.blockTime)] }),
    ports: config.referencePorts,
  }
}
