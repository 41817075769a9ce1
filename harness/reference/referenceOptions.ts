import type { RunConfig } from '../run/runConfig.js'

/**
 * How the bundled reference is started for a run: a live chain under --block-time S. A module of its
 * own so that `l2conf run` can start the reference before it loads the modules that run the checks.
 */
export function referenceOptions(config: Pick<RunConfig, 'blockTime'>): { args?: string[] } {
  return config.blockTime === null ? {} : { args: ['--block-time', String(config.blockTime)] }
}
