import type { CheckResult } from '../report/result.js'
import type { RestingAnswers } from './answerKey.js'

const failing = (result: CheckResult): boolean => result.status === 'failed' || result.status === 'warning'

/**
 * Findings grouped by root cause (ARCHITECTURE.md, the report): a failed or warning result whose
 * every finding rests on answers that an earlier failing result (in `results`' order, the
 * requirement table's) also rests on points to the first such result, its owner, with
 * `sameCauseAs`; it stays failed, and keeps its own findings. A result with a finding that rests on
 * no one answer (RestingAnswers.whole false) points nowhere, and is never merged with another; an
 * owner never points further. Results not failing lose any pointer they held.
 * @param answers the answers each result's findings rest on, by check id (answersOf, noted by certify)
 */
export function groupCauses(results: readonly CheckResult[], answers: ReadonlyMap<string, RestingAnswers>): CheckResult[] {
  const candidates = results.filter(failing).map((result) => ({ result, keys: new Set(answers.get(result.id)?.keys ?? []) }))
  return results.map((result) => {
    const { sameCauseAs: _stale, ...plain } = result
    const own = answers.get(result.id)
    if (!failing(result) || own === undefined || !own.whole || own.keys.length === 0) return _stale === undefined ? result : plain
    const owner = candidates.find(({ keys }) => own.keys.every((key) => keys.has(key)))?.result
    if (owner === undefined || owner.id === result.id) return _stale === undefined ? result : plain
    return { ...plain, sameCauseAs: owner.id }
  })
}
