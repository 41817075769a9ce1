import type { Coverage, JudgedCounts } from './coverage.js'

/**
 * The coverage with each method's count of answers judged in passing (the passive judge's
 * `judgedBy` tally): every declared method gets its counts, zero when none of its answers was
 * judged, so a reader sees which methods were judged by schema, by a rule, or by the envelope only.
 */
export function withJudged(coverage: Coverage, judged: ReadonlyMap<string, JudgedCounts>): Coverage {
  return {
    ...coverage,
    methods: coverage.methods.map((method) => ({ ...method, judged: { ...(judged.get(method.name) ?? { schema: 0, rule: 0, envelope: 0 }) } })),
  }
}
