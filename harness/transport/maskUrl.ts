/** What stands in for a masked part of an address. */
const MASK = '***'

/**
 * True for a path segment that looks like an API key (an Infura or Alchemy style `/v3/<key>`): long,
 * one token of key characters, with both letters and digits.
 */
function looksLikeKey(segment: string): boolean {
  return segment.length >= 20 && /^[A-Za-z0-9_~.-]+$/.test(segment) && /[0-9]/.test(segment) && /[A-Za-z]/.test(segment)
}

/**
 * The secret parts of an address (ARCHITECTURE.md: secrets are never written into a report or printed): the
 * `user:password@` part, every query value, and path segments that look like API keys (`/v2/<key>`),
 * each as written in the address and decoded. Empty for an address without any, or for no URL at all.
 * @example urlSecrets('https://node.example/v2/9aa3d95b3bc440fa88ea12eaa4456161?apikey=k3y') // ['9aa3…', 'k3y']
 */
export function urlSecrets(url: string): string[] {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return []
  }
  const secrets: string[] = []
  if (parsed.password !== '') secrets.push(parsed.password)
  if (parsed.username !== '' && parsed.password !== '') secrets.push(parsed.username)
  for (const segment of parsed.pathname.split('/')) if (looksLikeKey(segment)) secrets.push(segment)
  for (const raw of parsed.search.replace(/^\?/, '').split('&')) {
    const value = raw.slice(raw.indexOf('=') + 1)
    if (raw.includes('=') && value.length >= 3) secrets.push(value)
  }
  const decoded = secrets.map((secret) => {
    try {
      return decodeURIComponent(secret)
    } catch {
      return secret
    }
  })
  return [...new Set([...secrets, ...decoded])].filter((secret) => secret.length >= 3)
}

/**
 * A target address fit to show (evidence, reports, the terminal): any `user:password@` part, every query
 * value and any path segment that looks like an API key are masked, so an address carrying credentials
 * never reaches a report (ARCHITECTURE.md: headers and secrets are never written into a report).
 * @example maskUrl('https://me:pw@node.example/v2/9aa3d95b3bc440fa88ea12eaa4456161?apikey=k') // 'https://***:***@node.example/v2/***?apikey=***'
 */
export function maskUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  const hasKeyInPath = parsed.pathname.split('/').some(looksLikeKey)
  if (parsed.username === '' && parsed.password === '' && parsed.search === '' && !hasKeyInPath) return url
  if (parsed.username !== '' || parsed.password !== '') {
    parsed.username = MASK
    if (parsed.password !== '') parsed.password = MASK
  }
  if (hasKeyInPath)
    parsed.pathname = parsed.pathname
      .split('/')
      .map((segment) => (looksLikeKey(segment) ? MASK : segment))
      .join('/')
  if (parsed.search !== '') {
    parsed.search = parsed.search
      .replace(/^\?/, '')
      .split('&')
      .map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=${MASK}` : pair))
      .join('&')
  }
  return parsed.toString()
}
