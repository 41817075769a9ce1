/** `--only` / `--skip` globs: `*` any run of characters, `?` one; matched case-insensitively against a check's id and requirement. */
export function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')
  return new RegExp(`^${body}$`, 'i')
}

export interface Selection {
  only: string[]
  skip: string[]
}

/**
 * Why a check is not run under `selection`, or null when it runs.
 * A check runs when some `--only` glob (if any) matches its id or requirement and no `--skip` glob does.
 */
export function deselectionReason(selection: Selection, check: { id: string; requirement: string }): string | null {
  const matches = (glob: string): boolean => {
    const re = globToRegExp(glob)
    return re.test(check.id) || re.test(check.requirement)
  }
  if (selection.only.length > 0 && !selection.only.some(matches)) return `not selected by --only ${selection.only.join(', ')}`
  const skipped = selection.skip.find(matches)
  return skipped === undefined ? null : `skipped by --skip ${skipped}`
}
