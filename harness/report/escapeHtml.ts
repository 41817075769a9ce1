import { visibleText } from './visibleText.js'

/**
 * Escapes text for report.html, in element content and in quoted attributes alike: a target's
 * `<script>` in evidence is shown, never run; control characters become visible `\uXXXX` text.
 */
export function escapeHtml(text: string): string {
  return visibleText(text).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')
}
