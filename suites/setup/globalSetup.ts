import type { TestProject } from 'vitest/node'
import { packageRoot } from '../../harness/cli/main.js'
import { startReference, type ReferenceHandle } from '../../harness/reference/startReference.js'
import { configFromEnvironment, LIST_CHECKS_ENV } from '../../harness/run/configChannel.js'

let reference: ReferenceHandle | undefined

/**
 * Hands the run's target to the conformance suites. `l2conf run` passes its whole config in the
 * environment; a plain `npx vitest --project conformance` reads the L2CONF_* variables through the
 * same parser as the CLI (L2CONF_RPC, L2CONF_WS, L2CONF_REST, ...), and without a target starts the
 * bundled reference. While the checks are only listed, nothing is started.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const config = configFromEnvironment(process.env, packageRoot)
  // `l2conf run --reference` started the reference itself and passes its addresses; otherwise start one.
  if (config.rpc === null && process.env[LIST_CHECKS_ENV] !== '1') {
    reference = await startReference()
    config.rpc = reference.rpc
    config.ws = reference.ws
    config.rest = reference.rest
  }
  project.provide('l2conf', config)
  return async () => {
    await reference?.stop()
  }
}
