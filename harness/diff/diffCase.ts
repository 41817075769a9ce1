/** Where a request of a diff comes from (the report groups and counts them by it). */
export type DiffSource = 'example' | 'generated-valid' | 'generated-invalid' | 'chain-sample' | 'rest'

/**
 * One question a diff asks both targets: a JSON-RPC call (`method` + `params`) over HTTP or
 * WebSocket, or a REST GET (`method` is the path, `params` empty, `query` its parameters).
 */
export interface DiffCase {
  transport: 'http' | 'ws' | 'rest'
  method: string
  params: unknown[]
  query?: Record<string, string>
  source: DiffSource
  /** Why this request (the example's name, the sampled block), for the report. */
  label: string
}
