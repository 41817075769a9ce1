/** A path template of the OpenAPI document, compiled to match request paths. */
interface Template {
  path: string
  regex: RegExp
  segments: number
  literals: number
}

/** Matches request paths to the OpenAPI document's path templates (`/v2/treasury/tokens/{symbol}`). */
export interface PathTemplates {
  /** The template `pathname` ends with (the server's base path, `/api`, may come before it), the most specific when several do; undefined when none. */
  match(pathname: string): string | undefined
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Compiles path templates once. A request path matches a template when it ends with it (a
 * `{param}` standing for one non-empty segment), so a server base path in front is allowed; among
 * several, the one of most segments, then of most literal segments, wins (`/tokens/top` before
 * `/tokens/{symbol}`).
 */
export function pathTemplates(paths: readonly string[]): PathTemplates {
  const templates: Template[] = [...new Set(paths)].map((path) => {
    const parts = path.split('/').filter((part) => part !== '')
    const literals = parts.filter((part) => !/\{[^}]*\}/.test(part)).length
    const source = parts
      .map((part) =>
        part
          .split(/(\{[^}]*\})/)
          .map((piece) => (/^\{[^}]*\}$/.test(piece) ? '[^/]+' : escapeRegex(piece)))
          .join(''),
      )
      .join('/')
    return { path, regex: new RegExp(`(?:^|/)${source}/?$`), segments: parts.length, literals }
  })
  templates.sort((a, b) => b.segments - a.segments || b.literals - a.literals)
  return {
    match(pathname) {
      for (const template of templates) {
        if (template.segments === 0 ? /^\/?$/.test(pathname) : template.regex.test(pathname)) return template.path
      }
      return undefined
    },
  }
}
