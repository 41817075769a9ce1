import type { SpecChange } from './specChange.js'
import type { SpecDiff } from './specDiff.js'

function label(change: SpecChange): string {
  if (change.breaks.length === 0) return 'compatible'
  return `breaks ${change.breaks.map((b) => (b === 'client' ? 'clients' : 'servers')).join(' and ')}`
}

function headline(diff: SpecDiff): string {
  const s = diff.summary
  if (diff.changes.length === 0) return 'No change.'
  return `${diff.changes.length} change${diff.changes.length === 1 ? '' : 's'}: ${s.client} breaking for clients, ${s.server} breaking for servers, ${s.compatible} compatible.`
}

/**
 * The readable list of `l2conf spec-diff` (its default output): one entry per change with who it
 * breaks, what changed, and the JSON pointers into the old and the new file.
 */
export function specDiffText(diff: SpecDiff): string {
  const lines = [`spec-diff ${diff.kind}: ${diff.old} -> ${diff.new}`, headline(diff)]
  for (const c of diff.changes) {
    lines.push('', `[${label(c)}] ${c.where}: ${c.message}`)
    lines.push(`    old: ${c.old === null ? '(absent)' : `${diff.old}#${c.old}`}`)
    lines.push(`    new: ${c.new === null ? '(absent)' : `${diff.new}#${c.new}`}`)
  }
  return `${lines.join('\n')}\n`
}

/** `--format json`: the SpecDiff as it is (kind, files, changes, summary). */
export function specDiffJson(diff: SpecDiff): string {
  return `${JSON.stringify(diff, null, 2)}\n`
}

function cell(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replaceAll('\n', ' ').replaceAll('`', "'")
}

/** `--format markdown`: a pull-request comment: the headline, then a table of the changes, breaking ones first. */
export function specDiffMarkdown(diff: SpecDiff): string {
  const lines = [`### Spec diff (${diff.kind}): \`${cell(diff.old)}\` → \`${cell(diff.new)}\``, '', `**${headline(diff)}**`]
  if (diff.changes.length > 0) {
    lines.push('', '| | Where | Change | Old | New |', '|---|---|---|---|---|')
    for (const c of diff.changes) {
      lines.push(
        `| ${label(c)} | \`${cell(c.where)}\` | ${cell(c.message)} | ${c.old === null ? '—' : `\`#${cell(c.old)}\``} | ${c.new === null ? '—' : `\`#${cell(c.new)}\``} |`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}
