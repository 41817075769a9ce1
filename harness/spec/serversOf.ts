/** A server of a spec: its name, its URL template and the template's variables. */
export interface ServerSpec {
  /** OpenRPC: the server's `name`; OpenAPI: its `description` (the URL when neither is given). */
  name: string
  /** The URL as written, variables unexpanded (e.g. `https://{host}{path}`). */
  url: string
  variables: Record<string, { default?: string; enum?: string[]; description?: string }>
}

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The `servers` array of an OpenRPC or OpenAPI document as ServerSpecs. `nameKey` is where the
 * server's name lives: OpenRPC servers have a `name`, OpenAPI servers a `description`.
 */
export function serversOf(value: unknown, nameKey: 'name' | 'description'): ServerSpec[] {
  if (!Array.isArray(value)) return []
  return value.filter(isObject).map((server) => {
    const url = typeof server['url'] === 'string' ? server['url'] : ''
    const name = typeof server[nameKey] === 'string' ? (server[nameKey] as string) : url
    const variables: ServerSpec['variables'] = {}
    if (isObject(server['variables'])) {
      for (const [key, raw] of Object.entries(server['variables'])) {
        if (!isObject(raw)) continue
        const variable: ServerSpec['variables'][string] = {}
        if (typeof raw['default'] === 'string') variable.default = raw['default']
        if (Array.isArray(raw['enum'])) variable.enum = raw['enum'].filter((item): item is string => typeof item === 'string')
        if (typeof raw['description'] === 'string') variable.description = raw['description']
        variables[key] = variable
      }
    }
    return { name, url, variables }
  })
}
