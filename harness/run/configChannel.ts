import { join } from 'node:path'
import { parseRunArgs, type RunConfig } from './runConfig.js'

export { REFERENCE_DEV_KEY } from './runConfig.js'

/** The environment variable through which `l2conf run` hands its config to the suite (secrets stay in memory). */
export const RUN_CONFIG_ENV = 'L2CONF_RUN_CONFIG'

/** Set (to 1) while the checks are only listed (listChecks): nothing is started and nothing is sent. */
export const LIST_CHECKS_ENV = 'L2CONF_LIST_CHECKS'

/**
 * The run config for the conformance suites: the one `l2conf run` put in L2CONF_RUN_CONFIG, or the one
 * the run parser (parseRunArgs) builds from the L2CONF_* variables of a plain
 * `npx vitest --project conformance`, with the CLI's defaults and validation. Without any target it
 * asks for the bundled reference (rpc null, reference true). Throws L2CONF_ERR_USAGE on a bad variable.
 */
export function configFromEnvironment(env: NodeJS.ProcessEnv, root: string): RunConfig {
  const passed = env[RUN_CONFIG_ENV]
  if (passed !== undefined && passed !== '') return JSON.parse(passed) as RunConfig
  const config = parseRunArgs([], { openrpc: join(root, 'openrpc.json'), openapi: join(root, 'openapi.yaml'), env, implicitTarget: 'reference' })
  if (config === 'help') throw new Error('unreachable: no flags were given')
  return config
}
