import { join } from 'node:path'
import { parseRunArgs, type RunConfig } from './runConfig.js'

export { REFERENCE_DEV_KEY } from './runConfig.js'

/**
 * The run config of `npx vitest --project conformance`: the one the run parser (parseRunArgs) builds
 * from the L2CONF_* variables, with the CLI's defaults and validation. Without any target it asks for
 * the bundled reference (rpc null, reference true). Throws L2CONF_ERR_USAGE on a bad variable.
 */
export function configFromEnvironment(env: NodeJS.ProcessEnv, root: string): RunConfig {
  const config = parseRunArgs([], { openrpc: join(root, 'openrpc.json'), openapi: join(root, 'openapi.yaml'), env, implicitTarget: 'reference' })
  if (config === 'help') throw new Error('unreachable: no flags were given')
  return config
}
