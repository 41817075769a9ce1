import { HarnessError } from '../errors/harnessError.js'
import { specKind, type SpecKind } from '../lint/specKind.js'
import { readSpecFile } from '../spec/readSpecFile.js'
import { diffOpenApi } from './diffOpenApi.js'
import { diffOpenRpc } from './diffOpenRpc.js'
import type { SpecChange } from './specChange.js'

/** The outcome of `l2conf spec-diff`: what was compared and every change, classified. */
export interface SpecDiff {
  kind: SpecKind
  old: string
  new: string
  changes: SpecChange[]
  summary: { client: number; server: number; compatible: number }
}

/** Orders changes: breaking before compatible, then by where they are and their message. */
function order(a: SpecChange, b: SpecChange): number {
  return b.breaks.length - a.breaks.length || a.where.localeCompare(b.where) || a.message.localeCompare(b.message)
}

/** Classifies the changes of two documents of the same kind (already parsed). */
export function diffSpecs(kind: SpecKind, oldDoc: unknown, newDoc: unknown, files: { old: string; new: string }): SpecDiff {
  const changes = (kind === 'openrpc' ? diffOpenRpc(oldDoc, newDoc) : diffOpenApi(oldDoc, newDoc)).sort(order)
  return {
    kind,
    ...files,
    changes,
    summary: {
      client: changes.filter((c) => c.breaks.includes('client')).length,
      server: changes.filter((c) => c.breaks.includes('server')).length,
      compatible: changes.filter((c) => c.breaks.length === 0).length,
    },
  }
}

/**
 * `l2conf spec-diff OLD NEW`: reads two openrpc.json or two openapi.yaml files and
 * classifies every change as breaking for clients, for servers, or compatible. Throws HarnessError
 * L2CONF_ERR_SPEC when a file cannot be read or parsed, and L2CONF_ERR_USAGE when the two are not
 * the same kind of spec.
 */
export async function specDiffFiles(oldFile: string, newFile: string): Promise<SpecDiff> {
  const [a, b] = await Promise.all([readSpecFile(oldFile), readSpecFile(newFile)])
  const kind = specKind(oldFile, a.value)
  const other = specKind(newFile, b.value)
  if (kind !== other)
    throw new HarnessError(
      'L2CONF_ERR_USAGE',
      `${oldFile} is ${kind === 'openrpc' ? 'an OpenRPC' : 'an OpenAPI'} document and ${newFile} is not: compare two of the same kind`,
    )
  for (const [file, value] of [
    [oldFile, a.value as object],
    [newFile, b.value as object],
  ] as const) {
    const shape =
      kind === 'openrpc'
        ? 'openrpc' in value && Array.isArray((value as { methods?: unknown }).methods)
        : 'openapi' in value && typeof (value as { paths?: unknown }).paths === 'object'
    if (!shape)
      throw new HarnessError(
        'L2CONF_ERR_SPEC',
        `${file}: not ${kind === 'openrpc' ? 'an OpenRPC document (no openrpc member and methods list)' : 'an OpenAPI document (no openapi member and paths)'}`,
        { file, pointer: '' },
      )
  }
  return diffSpecs(kind, a.value, b.value, { old: oldFile, new: newFile })
}
