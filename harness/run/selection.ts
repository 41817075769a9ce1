/** `--only` / `--skip` globs: `*` any run of characters, `?` one; matched case-insensitively against a check's id and requirement. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
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

/** A `--only` / `--skip` glob that selects nothing, with the flag that gave it. */
export interface UnmatchedGlob {
  flag: '--only' | '--skip'
  glob: string
}

/**
 * The `--only` / `--skip` globs that match no check id of `checks` and no requirement id (ARCHITECTURE.md, the
 * CLI contract: a selection that names nothing is a usage error, never a green run that checked nothing).
 * Every glob must match something, even when the other globs do.
 */
export function unmatchedGlobs(
  selection: Selection,
  checks: ReadonlyArray<{ id: string; requirement: string }>,
  requirementIds: readonly string[],
): UnmatchedGlob[] {
  const matchesSomething = (glob: string): boolean => {
    const re = globToRegExp(glob)
    return requirementIds.some((id) => re.test(id)) || checks.some((check) => re.test(check.id) || re.test(check.requirement))
  }
  return [
    ...selection.only.filter((glob) => !matchesSomething(glob)).map((glob) => ({ flag: '--only' as const, glob })),
    ...selection.skip.filter((glob) => !matchesSomething(glob)).map((glob) => ({ flag: '--skip' as const, glob })),
  ]
}
