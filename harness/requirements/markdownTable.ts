import { requirements } from './index.js'
import { levelLabel } from './requirement.js'

/** `|` inside a cell would end it: escaped, so any requirement text renders as one cell. */
const cell = (text: string): string => text.replace(/\|/g, '\\|')

/**
 * The requirement table as docs/requirements.md shows it (one line per requirement, in the table's order).
 * docs/requirements.md holds this text verbatim; a unit test fails when the two drift apart.
 */
export function requirementsMarkdown(): string {
  const lines = ['| requirement | level | what it asks | interface document |', '|---|---|---|---|']
  for (const row of requirements) lines.push(`| \`${row.id}\` | ${levelLabel(row)} | ${cell(row.text)} | ${cell(row.section)} |`)
  return lines.join('\n')
}
