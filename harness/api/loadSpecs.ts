import { join } from 'node:path'
import { packageRoot } from '../packageLayout.js'
import { loadOpenApi, type OpenApiSpec } from '../spec/loadOpenApi.js'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'

/**
 * Loads and compiles both specs as a run does (dereferenced, one validator per schema): the bundled
 * ones unless paths are given. Rejects with HarnessError L2CONF_ERR_SPEC for a spec that cannot be read.
 */
export async function loadSpecs(paths: { openrpc?: string; openapi?: string } = {}): Promise<{ openrpc: OpenRpcSpec; openapi: OpenApiSpec }> {
  const [openrpc, openapi] = await Promise.all([
    loadOpenRpc(paths.openrpc ?? join(packageRoot, 'openrpc.json')),
    loadOpenApi(paths.openapi ?? join(packageRoot, 'openapi.yaml')),
  ])
  return { openrpc, openapi }
}
