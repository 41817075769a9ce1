import { readSpecFile } from '../spec/readSpecFile.js'
import { lintOpenApi } from './lintOpenApi.js'
import { lintOpenRpc } from './lintOpenRpc.js'
import type { LintProblem } from './lintProblem.js'
import { specKind, type SpecKind } from './specKind.js'

/** The outcome of linting one spec file. */
export interface SpecFileLint {
  /** The file as the caller named it. */
  file: string
  kind: SpecKind
  sha256: string
  /** Sorted by pointer, duplicates removed. */
  problems: LintProblem[]
}

/**
 * Lints one spec file, OpenRPC or OpenAPI as its content says (SPEC-VALID).
 * `displayName` is how problems name the file. Throws HarnessError L2CONF_ERR_SPEC when the file
 * cannot be read or is neither JSON nor YAML (lint's exit code 2).
 */
export async function lintSpecFile(file: string, displayName = file): Promise<SpecFileLint> {
  const { value, sha256 } = await readSpecFile(file)
  const kind = specKind(file, value)
  const issues = kind === 'openrpc' ? await lintOpenRpc(file, value) : await lintOpenApi(file, value)
  const seen = new Set<string>()
  const problems: LintProblem[] = []
  for (const issue of issues) {
    const key = `${issue.pointer}\u0000${issue.message}`
    if (seen.has(key)) continue
    seen.add(key)
    problems.push({ file: displayName, pointer: issue.pointer, message: issue.message })
  }
  // Stable order: document order is lost across the checks, so sort by place (then keep the checks' order).
  problems.sort((a, b) => comparePointers(a.pointer, b.pointer))
  return { file: displayName, kind, sha256, problems }
}

function comparePointers(a: string, b: string): number {
  const left = a.split('/')
  const right = b.split('/')
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i] ?? ''
    const y = right[i] ?? ''
    if (x === y) continue
    const nx = /^\d+$/.test(x) ? Number(x) : Number.NaN
    const ny = /^\d+$/.test(y) ? Number(y) : Number.NaN
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny
    return x < y ? -1 : 1
  }
  return left.length - right.length
}
