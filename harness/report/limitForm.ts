/**
 * What a measured limit's value says (report.json's `limitForms`): `exact`, the target's bound;
 * `at-least`, a lower bound only (`>=N`: the cap was accepted, or the search was cut short, by its
 * time budget or an answer that said nothing, after N was accepted); `at-most`, an upper bound only
 * (`<=N`, e.g. the oldest block whose state is served when that search was cut short).
 */
export type LimitForm = 'exact' | 'at-least' | 'at-most'

/**
 * The form of one value of report.json's `limits`: a number is exact, `>=N` at least N, `<=N` at
 * most N; anything else (a rate limit's description, none seen) has no form (null).
 * @example limitForm('>=10485749') // 'at-least'
 */
export function limitForm(value: number | string | boolean | null | undefined): LimitForm | null {
  if (typeof value === 'number') return 'exact'
  if (typeof value !== 'string') return null
  if (/^>=\d+$/.test(value)) return 'at-least'
  if (/^<=\d+$/.test(value)) return 'at-most'
  return null
}

/** The form of each bound of `limits` that has one (report.json's `limitForms`), or undefined when none has. */
export function limitForms(limits: Readonly<Record<string, number | string | boolean | null>>): Record<string, LimitForm> | undefined {
  const forms = Object.entries(limits).flatMap(([name, value]) => {
    const form = limitForm(value)
    return form === null ? [] : [[name, form] as const]
  })
  return forms.length === 0 ? undefined : Object.fromEntries(forms)
}
