import type { TransportOptions } from './transportOptions.js'

/**
 * The headers every request carries, names in lower case (HTTP names are case-insensitive, so a
 * configured `Content-Type` replaces the default rather than doubling it): `defaults` (lower case)
 * first, then the configured ones (auth), then Basic auth from a `user:password@` address unless an
 * Authorization is configured.
 */
export function wireHeaders(url: URL, defaults: Record<string, string>, options: TransportOptions): Record<string, string> {
  const headers: Record<string, string> = { ...defaults }
  for (const [name, value] of Object.entries(options.headers)) headers[name.toLowerCase()] = value
  if ((url.username !== '' || url.password !== '') && headers.authorization === undefined) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`
  }
  return headers
}

/** The names of the configured headers, recorded on exchanges in place of their values (undefined when none). */
export function secretHeaderNames(options: TransportOptions): readonly string[] | undefined {
  const names = Object.keys(options.headers)
  return names.length === 0 ? undefined : Object.freeze(names)
}
