import { join } from 'node:path'
import { packageRoot } from '../packageLayout.js'
import { lintSpecFile, type SpecFileLint } from '../lint/lintSpecFile.js'

/**
 * Validates spec files as `l2conf lint` does (meta-schemas, `$ref`s, examples against their schemas):
 * the bundled openrpc.json and openapi.yaml when no file is given. One result per file, its problems
 * listed. Rejects with HarnessError L2CONF_ERR_SPEC for a file that cannot be read or is neither JSON nor YAML.
 */
export async function lint(files: readonly string[] = [join(packageRoot, 'openrpc.json'), join(packageRoot, 'openapi.yaml')]): Promise<SpecFileLint[]> {
  return Promise.all(files.map((file) => lintSpecFile(file)))
}
