/** How much of one evidence value junit.xml and report.html show (report.json keeps it all). */
export const EVIDENCE_MAX_CHARS = 20_000

/**
 * Evidence as a person reads it: JSON pretty-printed with two spaces, raw text (a malformed probe,
 * a non-JSON body) as it is, cut after `maxChars` with a note pointing at report.json, which keeps
 * the whole value. Used for the request and response of a finding in junit.xml and report.html.
 */
export function prettyValue(value: unknown, maxChars: number = EVIDENCE_MAX_CHARS): string {
  let text: string
  if (typeof value === 'string') text = value
  else if (value === undefined) text = '(none)'
  else {
    try {
      text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item), 2) ?? String(value)
    } catch {
      text = String(value)
    }
  }
  if (text.length <= maxChars) return text
  return `${text.slice(0, maxChars)}\n… (${text.length - maxChars} more characters; report.json has the whole value)`
}
