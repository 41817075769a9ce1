import { visibleText } from './visibleText.js'

/**
 * Escapes text for junit.xml: `&`, `<` and `>` become entities (so `]]>` and `<script>` are inert),
 * characters XML 1.0 forbids become visible `\uXXXX` text (see visibleText). In an attribute,
 * quotes are escaped too, and tab, LF and CR are written as character references so parsers keep
 * them; in content, CR is, so it is not folded into LF.
 */
export function escapeXml(text: string, options: { attribute?: boolean } = {}): string {
  const escaped = visibleText(text).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('\r', '&#13;')
  if (options.attribute !== true) return escaped
  return escaped.replaceAll('"', '&quot;').replaceAll("'", '&apos;').replaceAll('\n', '&#10;').replaceAll('\t', '&#9;')
}
