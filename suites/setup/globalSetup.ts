import type { TestProject } from 'vitest/node'
import { packageRoot } from '../../harness/cli/main.js'
import { startReference, type ReferenceHandle } from '../../harness/reference/startReference.js'
import { configFromEnvironment } from '../../harness/run/configChannel.js'
import type { RunConfig } from '../../harness/run/runConfig.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's configuration, provided here to the registrar (suites/conformance.test.ts). */
    l2conf: RunConfig
  }
}

let reference: ReferenceHandle | undefined

/**
 * Hands the run's target to the registrar of the conformance checks: `npx vitest --project
 * conformance` reads the L2CONF_* variables through the same parser as the CLI (L2CONF_RPC,
 * L2CONF_WS, L2CONF_REST, ...), and without a target starts the bundled reference.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const config = configFromEnvironment(process.env, packageRoot)
  if (config.rpc === null) {
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
