/**
 * A target address fit for evidence: any `user:password@` part is masked, so an address carrying
 * credentials never reaches a report (DESIGN.md: headers and secrets are never written into a report).
 * @example maskUrl('https://me:pw@node.example/rpc') // 'https://***:***@node.example/rpc'
 */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.username === '' && parsed.password === '') return url
    parsed.username = '***'
    if (parsed.password !== '') parsed.password = '***'
    return parsed.toString()
  } catch {
    return url
  }
}
