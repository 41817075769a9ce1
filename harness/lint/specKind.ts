import { extname } from 'node:path'

export type SpecKind = 'openrpc' | 'openapi'

/**
 * Which spec a file holds, so lint accepts its files in any order: an `openrpc` member makes it
 * OpenRPC, an `openapi` (or `swagger`) member OpenAPI; otherwise `.json` files are taken for OpenRPC
 * and YAML files for OpenAPI (the bundled specs' formats), and the meta-schema says what is missing.
 */
export function specKind(file: string, document: unknown): SpecKind {
  if (typeof document === 'object' && document !== null) {
    if ('openrpc' in document) return 'openrpc'
    if ('openapi' in document || 'swagger' in document) return 'openapi'
  }
  return extname(file).toLowerCase() === '.json' ? 'openrpc' : 'openapi'
}
