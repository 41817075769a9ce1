// C0 and C1 controls (tab, LF, CR aside), the noncharacters U+FFFE/U+FFFF and unpaired surrogates:
// XML 1.0 forbids most of them outright, and in HTML they render as nothing or as garbage.
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * Makes text safe and readable in junit.xml and report.html: every character XML 1.0 forbids (and
 * every other control character but tab, LF and CR) becomes its `\uXXXX` spelling, so evidence
 * from a misbehaving target shows what it sent instead of breaking the file. report.json keeps the
 * exact text.
 *
 * @example visibleText('a\u0000b') // 'a\\u0000b'
 */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
}
