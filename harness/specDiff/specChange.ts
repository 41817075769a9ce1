/** Who a spec change breaks: clients (callers), servers (nodes that implement the spec), both, or no one. */
export type Breaks = 'client' | 'server'

/**
 * One change between two versions of a spec (l2conf spec-diff). `breaks` is empty for a compatible
 * change. The pointers are JSON pointers into the old and the new file (where the thing lives,
 * through any `$ref`), or null when it exists on one side only.
 */
export interface SpecChange {
  /** A stable id of the kind of change, e.g. `method-removed`, `result-narrowed`, `limit-lowered`. */
  kind: string
  breaks: Breaks[]
  /** The method (OpenRPC) or `METHOD /path` (OpenAPI) it touches; `info` for document-wide limits. */
  where: string
  message: string
  old: string | null
  new: string | null
}

/** The classes a change falls into for --fail-on and the summary. */
export function isBreaking(change: SpecChange, kind: 'client' | 'server' | 'any'): boolean {
  return kind === 'any' ? change.breaks.length > 0 : change.breaks.includes(kind)
}
